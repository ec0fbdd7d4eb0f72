import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const SAMPLE_MS = 500;
// Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every common build.
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far, in seconds (user + system). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which sits in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Waits until a process has stopped working (under a tenth of a core over half a second) and
 * resolves with how long that took, in seconds. Gives up after `limitSeconds`.
 */
export async function waitUntilIdle(pid: number, limitSeconds = 60): Promise<number> {
  const started = performance.now();
  let used = await cpuSeconds(pid);
  while ((performance.now() - started) / 1000 < limitSeconds) {
    await sleep(SAMPLE_MS);
    const now = await cpuSeconds(pid);
    const busy = (now - used) / (SAMPLE_MS / 1000);
    used = now;
    if (busy < 0.1) break;
  }
  return (performance.now() - started) / 1000;
}
