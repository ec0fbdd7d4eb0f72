// The rows measured in a browser load the web app as `npm start` serves it: built.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the web app the compiled server serves, for the rows measured in a browser. */
export function buildCompiledWeb(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'ignore' });
}
