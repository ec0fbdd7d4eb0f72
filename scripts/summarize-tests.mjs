// Prints one closing line for the whole run, "N passed, N failed", from the JSON reports of
// Vitest and Playwright. A report that is missing, empty or unsuccessful fails the run: a
// suite that silently ran nothing must never look green.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [folder, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const problems = [];
for (const file of expected) {
  const location = path.join(folder, file);
  if (!existsSync(location)) {
    problems.push(`${file}: no report was written`);
    continue;
  }
  const report = JSON.parse(readFileSync(location, 'utf8'));
  let ran;
  if (report.numTotalTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    ran = report.numTotalTests;
    if (!report.success) problems.push(`${file}: the run reported errors`);
  } else {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    ran = report.stats.expected + report.stats.flaky + report.stats.unexpected;
    if (report.errors?.length) problems.push(`${file}: the run reported errors`);
  }
  if (ran === 0) problems.push(`${file}: no test ran`);
}
for (const problem of problems) console.error(problem);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
