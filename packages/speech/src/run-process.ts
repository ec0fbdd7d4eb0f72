import { spawnTied } from '@filmroom/child-process';

export type ProcessResult = {
  exitCode: number | null;
  stdout: string;
  /** The end of what the process wrote to stderr, for error messages. */
  stderrTail: string;
  timedOut: boolean;
};

// Enough of pocketsphinx's log to show why it stopped, without keeping it all.
const STDERR_TAIL_CHARS = 2000;

/**
 * Runs a program to completion, killing it (SIGKILL, so a stuck decoder cannot ignore it) when
 * it runs longer than `timeoutMs`. A program that cannot be started rejects.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  timeoutMs: number,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderrTail = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderrTail: stderrTail.trim(), timedOut });
    });
  });
}
