// The load rows: one real server process with a coach's 1,000-video library, driven with
// autocannon over loopback (list, range reads, sign-in), and its memory across the whole run.
// The load generator shares the machine's cores with the server and its database.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchLoginLoad } from './load-login';
import { benchRangeReadLoad } from './load-range-reads';
import { insertReadyVideos, registerCoach, uploadPreparedClip } from './load-seed';
import { startLoadServer } from './load-server';
import { benchVideoListLoad } from './load-video-list';
import { waitUntilIdle } from './process-idle';
import { memoryMiB, resetPeakMemory } from './process-memory';
import type { Row } from './table';

const LIBRARY_SIZE = 1000;
/** How long the server is left idle before its RSS is read "after" a step: the measure. */
const IDLE_SECONDS = 10;
const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);
const credentials = { username: 'load-coach@example.com', password: 'load bench password' };

export async function benchLoad(): Promise<Row[]> {
  const server = await startLoadServer({
    // The sign-in row signs in hundreds of times from one address into one account.
    AUTH_RATE_LIMIT_PER_IP: '1000000000',
    AUTH_RATE_LIMIT_PER_USERNAME: '1000000000',
    REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000000000',
    // Preparation only: the uploaded clip's vision scan would take the cores while we measure.
    WORK_QUEUES: 'media.prepare',
  });
  try {
    const { origin } = server;
    const coach = await registerCoach(origin, credentials);
    const file = await uploadPreparedClip(origin, coach, clip);
    // The uploaded clip is in the library too: LIBRARY_SIZE videos in all.
    await insertReadyVideos(server.db, coach.id, LIBRARY_SIZE - 1);

    // Memory after each step shows whether it climbs with every run or levels off.
    const steps: [string, () => Promise<Row[]>][] = [
      ['list', () => benchVideoListLoad(server, coach, LIBRARY_SIZE)],
      ['range reads', () => benchRangeReadLoad(server, coach, file)],
      ['sign-ins', () => benchLoginLoad(server, credentials)],
    ];
    // Seeding and the upload's preparation done, the figure every later one is compared with.
    await waitUntilIdle(server.pid);
    await sleep(IDLE_SECONDS * 1000);
    await resetPeakMemory(server.pid);
    const start = await memoryMiB(server.pid);
    const rows: Row[] = [];
    const rssAfterStep: string[] = [];
    for (const [name, step] of steps) {
      rows.push(...(await step()));
      // Each step ends once the server is idle; memory it gives back takes a few seconds more.
      await sleep(IDLE_SECONDS * 1000);
      rssAfterStep.push(`${name} ${(await memoryMiB(server.pid)).rss.toFixed(0)}`);
    }
    const end = await memoryMiB(server.pid);

    return [
      ...rows,
      {
        measure: 'server peak RSS across the load run',
        value: `${end.peak.toFixed(0)} MiB`,
        note: 'the Node.js process, through all load rows above',
      },
      {
        measure: 'server RSS at start → end of the load run',
        value: `${start.rss.toFixed(0)} → ${end.rss.toFixed(0)} MiB`,
        note: `goal: within 15% of the start once idle ${IDLE_SECONDS} s (≤ ${(start.rss * 1.15).toFixed(0)} MiB); after ${rssAfterStep.join(', ')} MiB (each ${IDLE_SECONDS} s after the server was idle)`,
      },
    ];
  } finally {
    await server.stop();
  }
}
