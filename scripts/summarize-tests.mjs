// Prints one closing line for the whole run, "N passed, N failed", from the JSON reports of
// Vitest and Playwright, and fails when nothing ran: an empty run must never look green.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  if (report.numTotalTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
