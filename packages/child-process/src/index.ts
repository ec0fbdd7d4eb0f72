import {
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type SpawnOptions,
  type StdioNull,
  type StdioPipe,
} from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * util-linux's `setpriv`, which can set the parent-death signal before it runs a program.
 * Debian and Ubuntu always have it (util-linux is an Essential package); Alpine's
 * `util-linux-misc`, Fedora's and Arch's util-linux ship it too.
 */
const SETPRIV = process.platform === 'linux' ? findExecutable('setpriv') : undefined;

/** Whether programs started here die with this process (see `spawnTied`). */
export const childrenDieWithParent = SETPRIV !== undefined;

/**
 * Starts a program that the kernel kills (SIGKILL) the moment this process dies, however it
 * dies: `kill -9`, a crash, the out-of-memory killer. Without it an ffmpeg transcoding a
 * two-hour film runs on for minutes after the server is gone, writing files nobody will read.
 *
 * This is Linux's parent-death signal (PR_SET_PDEATHSIG), set by `setpriv --pdeathsig KILL`
 * between fork and exec of the program, so it holds from the program's first instruction and
 * nothing has to be tidied at the next start. It survives the exec (the programs we run are not
 * set-user-ID). The parent it watches is the thread that spawned: in Node that is the thread
 * running the JavaScript, which lives as long as the process (or the worker thread that
 * spawned, which should take its children with it too).
 *
 * Where `setpriv` is missing (macOS, a minimal image) the program starts plainly. A program
 * that cannot be found fails the same way either way: an `error` event with ENOENT.
 */
export function spawnTied(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { stdio: [StdioNull, StdioPipe, StdioPipe] },
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnTied(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { stdio: [StdioPipe, StdioPipe, StdioPipe] },
): ChildProcessByStdio<Writable, Readable, Readable>;
export function spawnTied(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess;
export function spawnTied(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess {
  const program = SETPRIV ? findExecutable(command) : undefined;
  if (!SETPRIV || !program) return spawn(command, args, options);
  return spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', program, ...args], options);
}

/** The full path of an executable, as the shell would find it; undefined if there is none. */
function findExecutable(command: string): string | undefined {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
