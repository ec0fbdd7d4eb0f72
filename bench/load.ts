// The load rows: one real server process with a coach's 1,000-video library, driven with
// autocannon and the paced client over loopback (list, a static file as the floor, range reads,
// sign-in), and its memory after each row and across the whole run.
// The load generator shares the machine's cores with the server and its database.
import path from 'node:path';
import { benchLoginLoad } from './load-login';
import { benchRangeReadLoad } from './load-range-reads';
import { insertReadyVideos, registerCoach, uploadPreparedClip } from './load-seed';
import { startLoadServer } from './load-server';
import { benchVideoListLoad } from './load-video-list';
import { benchStaticFileLoad, makeStaticDir, wireBytes } from './load-static-file';
import { watchMemory } from './memory-after-load';
import { memoryMiB } from './process-memory';
import type { Row } from './table';

const LIBRARY_SIZE = 1000;
const clip = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/squats_single_person.mp4',
);
const credentials = { username: 'load-coach@example.com', password: 'load bench password' };

export async function benchLoad(): Promise<Row[]> {
  const staticDir = await makeStaticDir();
  const server = await startLoadServer({
    // The sign-in row signs in hundreds of times from one address into one account.
    AUTH_RATE_LIMIT_PER_IP: '1000000000',
    AUTH_RATE_LIMIT_PER_USERNAME: '1000000000',
    REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000000000',
    // Preparation only: the uploaded clip's vision scan would take the cores while we measure.
    WORK_QUEUES: 'media.prepare',
    WEB_DIST_DIR: staticDir.dir,
  }).catch(async (error: unknown) => {
    await staticDir.remove();
    throw error;
  });
  try {
    const { origin } = server;
    const coach = await registerCoach(origin, credentials);
    const file = await uploadPreparedClip(origin, coach, clip);
    // The uploaded clip is in the library too: LIBRARY_SIZE videos in all.
    await insertReadyVideos(server.db, coach.id, LIBRARY_SIZE - 1);
    const listBytes = await wireBytes(`${origin}/api/videos`, { cookie: coach.cookie });

    // Seeding and the upload's preparation done: the idle figure every row's memory is read
    // against, each row's note ending with the RSS 10 s after it.
    const memory = await watchMemory(server.pid);
    const rows = [
      ...(await benchVideoListLoad(server, coach, LIBRARY_SIZE, memory)),
      ...(await benchStaticFileLoad(server, staticDir, listBytes, memory)),
      ...(await benchRangeReadLoad(server, coach, file, memory)),
      ...(await benchLoginLoad(server, credentials, memory)),
    ];
    const end = await memoryMiB(server.pid);

    return [
      ...rows,
      {
        measure: 'server RSS idle before → peak across the load rows → idle after',
        value: `${memory.idleRss.toFixed(0)} → ${end.peak.toFixed(0)} → ${end.rss.toFixed(0)} MiB`,
        note: `the Node.js process, through all load rows above; goal: back within 15% of the idle figure (≤ ${(memory.idleRss * 1.15).toFixed(0)} MiB)`,
      },
    ];
  } finally {
    await server.stop();
    await staticDir.remove();
  }
}
