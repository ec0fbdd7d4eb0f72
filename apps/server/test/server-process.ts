import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverDir, '../..');

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code (null when killed by the signal). */
  stop: (signal: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Builds what `npm start` runs (`node scripts/build.mjs server`: esbuild, about two seconds, and
 * nothing at all when no source changed since the last build). Once per process; the test run's
 * global set-up builds first, so the test workers never build side by side.
 */
let built = false;
export function buildCompiledServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build.mjs', 'server'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  built = true;
}

/**
 * apps/server's start script (`node <flags> dist/main.js`), read from its package.json so that
 * tests and the bench run the server with the same V8 flags as users do.
 */
function startScriptArgs(): string[] {
  const manifest = readFileSync(path.join(serverDir, 'package.json'), 'utf8');
  const [command, ...args] = (JSON.parse(manifest) as { scripts: { start: string } }).scripts.start
    .trim()
    .split(/\s+/);
  if (command !== 'node') throw new Error(`apps/server's start script runs ${command}, not node`);
  return args;
}
const START_ARGS = startScriptArgs();

/**
 * Runs the server as `npm start` does (compiled: a start costs half the CPU of one from the
 * TypeScript sources, and process tests start dozens) with the given environment.
 * `wrapper`: a command the server runs under (it ends by exec-ing its arguments).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { wrapper?: string[] } = {},
): Promise<ServerProcess> {
  buildCompiledServer();
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, ...START_ARGS];
  const child = spawn(command!, args, {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM'); // never leave a half-started server (and its database) behind
      reject(new Error(`server did not start:\n${output}`));
    }, 45_000);
    // A worker-only process serves no HTTP: it is ready when it says so.
    const listens = env.ROLE !== 'worker';
    const check = () => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if ((listening || !listens) && output.includes('FilmRoom is ready')) {
        clearTimeout(timer);
        resolve(listening?.[1] ?? '');
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });

  return {
    child,
    origin,
    output: () => output,
    stop: async (signal) => {
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** PIDs of PostgreSQL servers running on the given data folder. */
export async function postgresProcessesFor(databaseDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const parts = commandLine.split('\0');
    if (parts[0]?.endsWith('postgres') && parts.includes(databaseDir)) pids.push(Number(entry));
  }
  return pids;
}

/** Runs `npm run doctor`'s program (compiled, as it ships) against the given environment: exit code and report. */
export async function runDoctor(env: Record<string, string>) {
  buildCompiledServer();
  const child = spawn(process.execPath, ['dist/doctor.js'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}
