// Libraries of any size: one coach's 10,000 and then 100,000 videos (inserted with SQL in one
// statement each), a few shared with them by another coach. The Videos page asks for one page
// at a time and searches on the server. Goals: first page p99 < 50 ms and search p99 < 100 ms
// at 300 req/s; the page's first screen in the browser < 1 s.
import type { VideoPage } from '@filmroom/contract';
import { insertLibrary, registerCoach, type Account } from './load-seed';
import { startLoadServer, type LoadServer } from './load-server';
import { benchListLoad } from './load-video-list';
import { watchMemory, type MemoryWatch } from './memory-after-load';
import type { Row } from './table';
import { benchVideosPageFirstScreen } from './videos-page-first-screen';

const SIZES = [10_000, 100_000];
const SHARED = 50;
// As the Videos page asks (apps/web get-video-pages.ts).
const PAGE = 24;
const SEARCHES = [
  // A word in one title in twelve: the page fills from the newest few hundred.
  { q: 'free throws', kind: 'common word' },
  // A handful of titles in the whole library: found through the trigram index.
  { q: 'eagles 4237', kind: 'rare' },
];

function expectPage(least: number) {
  return (status: number, body: unknown) => {
    const page = body as VideoPage;
    if (status !== 200 || !Array.isArray(page.videos) || page.videos.length < least) {
      throw new Error(`answered ${status} with ${page.videos?.length} videos`);
    }
    return `${page.videos.length} videos`;
  };
}

async function rowsFor(
  server: LoadServer,
  coach: Account,
  size: number,
  memory: MemoryWatch,
): Promise<Row[]> {
  const library = `${size.toLocaleString('en-US')} videos`;
  const rows = await benchListLoad(
    server,
    coach,
    {
      path: `/api/videos?limit=${PAGE}`,
      what: `GET /api/videos?limit=${PAGE}, ${library}: first page`,
      goal: 'goal < 50 ms',
      check: expectPage(PAGE),
    },
    memory,
  );
  for (const search of SEARCHES) {
    const q = encodeURIComponent(search.q);
    rows.push(
      ...(await benchListLoad(
        server,
        coach,
        {
          path: `/api/videos?limit=${PAGE}&q=${q}`,
          what: `GET /api/videos?q=${search.q} (${search.kind}), ${library}`,
          goal: 'goal < 100 ms',
          check: expectPage(1),
        },
        memory,
      )),
    );
  }
  rows.push(await benchVideosPageFirstScreen(server.origin, coach, library));
  return rows;
}

export async function benchLibrary(): Promise<Row[]> {
  const server = await startLoadServer({ WORK_QUEUES: 'media.prepare' });
  try {
    const password = 'library bench password';
    const coach = await registerCoach(server.origin, { username: 'library@example.com', password });
    const colleague = await registerCoach(server.origin, {
      username: 'colleague@example.com',
      password,
    });
    await insertLibrary(server.db.$client, colleague.id, SHARED);
    await server.db.$client.query(
      `INSERT INTO video_shares (video_id, shared_with_email, access_level, shared_by_id)
       SELECT id, $1, 'view', owner_id FROM videos WHERE owner_id = $2`,
      ['library@example.com', colleague.id],
    );
    // Shares reach confirmed addresses only (the mail link, which this bench does not read).
    await server.db.$client.query(`UPDATE users SET email_confirmed_at = now() WHERE id = $1`, [
      coach.id,
    ]);

    // The idle figure each row's memory is read against (the seeding below goes to the
    // database, not the server process).
    const memory = await watchMemory(server.pid);
    // What every signed-in call pays before its own work (routing, the session's query, the
    // log lines, the answer), measured the same way: the floor under the rows below.
    const rows = await benchListLoad(
      server,
      coach,
      {
        path: '/api/user',
        what: 'GET /api/user, the session check alone',
        goal: 'no goal: the floor under every row below',
        check: (status) => {
          if (status !== 200) throw new Error(`GET /api/user answered ${status}`);
          return 'one user';
        },
      },
      memory,
    );
    let inserted = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await insertLibrary(server.db.$client, coach.id, size - inserted, inserted);
      rows.push({
        measure: `seeding the library to ${size.toLocaleString('en-US')} videos (one INSERT … SELECT, then VACUUM ANALYZE)`,
        value: `${((performance.now() - started) / 1000).toFixed(1)} s`,
        note: `${(size - inserted).toLocaleString('en-US')} rows added`,
      });
      inserted = size;
      rows.push(...(await rowsFor(server, coach, size, memory)));
    }
    return rows;
  } finally {
    await server.stop();
  }
}
