import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export type RunningProcess = { pid: number; parentPid: number; commandLine: string[] };

/** Every process on this machine whose command line has an argument containing `fragment`. */
export async function processesWith(fragment: string): Promise<RunningProcess[]> {
  const found: RunningProcess[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''))
      .split('\0')
      .filter(Boolean);
    if (!commandLine.some((argument) => argument.includes(fragment))) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    // A process that has exited but is not reaped yet is no longer running anything.
    if (/^State:\s+Z/m.test(status)) continue;
    const parentPid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    found.push({ pid: Number(entry), parentPid, commandLine });
  }
  return found;
}

/** Waits until `check` answers true, polling; false if it never did within `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
}
