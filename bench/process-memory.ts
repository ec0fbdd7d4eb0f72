import { readFile, writeFile } from 'node:fs/promises';

/** Resident memory of a process now (rss) and at its highest so far (peak), in MiB. */
export async function memoryMiB(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/**
 * Lowers a process's recorded peak (VmHWM) to its memory now (Linux: `5` to clear_refs), so the
 * next peak read covers only what follows, not start-up.
 */
export async function resetPeakMemory(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}
