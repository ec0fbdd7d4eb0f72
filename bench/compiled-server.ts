// The load, upload and start-up rows measure the server as `npm start` runs it: compiled.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the compiled server when its sources changed since the last build. */
export function buildCompiledServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], { cwd: root, stdio: 'ignore' });
}

/** Builds the web app the compiled server serves, for the rows measured in a browser. */
export function buildCompiledWeb(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'ignore' });
}
