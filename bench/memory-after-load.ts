// Memory that comes back: the server's RSS read once it has been idle for 10 s after a load row,
// beside the figure it had idle before any load (issue 33's goal: within 15%). Without the wait
// the figure would include garbage the collector and allocator have not yet handed back.
import { setTimeout as sleep } from 'node:timers/promises';
import { waitUntilIdle } from './process-idle';
import { memoryMiB, resetPeakMemory } from './process-memory';

const IDLE_SECONDS = 10;
const GOAL_GROWTH = 0.15;

export type MemoryWatch = {
  /** RSS in MiB with the server idle before any load. */
  idleRss: number;
  /** Waits until the server is idle and 10 s more, then says how its RSS compares with idle. */
  afterLoad: () => Promise<string>;
};

async function rssOnceIdle(pid: number): Promise<number> {
  await waitUntilIdle(pid);
  await sleep(IDLE_SECONDS * 1000);
  return (await memoryMiB(pid)).rss;
}

/** Takes the idle figure now (seeding and any preparation must be done) and starts the peak afresh. */
export async function watchMemory(pid: number): Promise<MemoryWatch> {
  const idleRss = await rssOnceIdle(pid);
  await resetPeakMemory(pid);
  return {
    idleRss,
    afterLoad: async () => {
      const rss = await rssOnceIdle(pid);
      const growth = rss / idleRss - 1;
      const verdict = growth <= GOAL_GROWTH ? '✓' : '✗';
      return `RSS ${IDLE_SECONDS} s idle after ${rss.toFixed(0)} MiB vs ${idleRss.toFixed(0)} idle before (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)}%, goal ≤ +${GOAL_GROWTH * 100}% ${verdict})`;
    },
  };
}
