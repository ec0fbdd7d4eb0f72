// What the load rows need on the server: a signed-in coach, one really prepared clip to read
// ranges of, and a library of videos inserted straight into the database (fast; the list
// endpoint reads rows only, so those need no files).
import type { Database } from '../apps/server/src/db/connection';
import { videos } from '../apps/server/src/db/schema';
import { videoKeys } from '../apps/server/src/storage';
import { postJson, uploadFile, waitForVideo } from '../apps/server/test/http-client';

export type Account = { id: string; cookie: string };

const PREPARATION_TIMEOUT_MS = 60_000;

export async function registerCoach(
  origin: string,
  credentials: { username: string; password: string },
): Promise<Account> {
  const response = await postJson(origin, '/api/register', {
    ...credentials,
    name: 'Load Coach',
    isCoach: true,
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** Uploads a clip through the API and waits for preparation: the file /uploads then serves. */
export async function uploadPreparedClip(
  origin: string,
  account: Account,
  clip: string,
): Promise<{ url: string; bytes: number }> {
  const { id } = await uploadFile(origin, account.cookie, clip, 'video/mp4', 'Load clip');
  const video = await waitForVideo(
    origin,
    account.cookie,
    id,
    (state) => state.status !== 'processing',
    PREPARATION_TIMEOUT_MS,
  );
  if (video.status !== 'ready' || !video.url) {
    throw new Error(`preparation failed: ${video.failureReason}`);
  }
  const head = await fetch(`${origin}${video.url}`, {
    method: 'HEAD',
    headers: { cookie: account.cookie },
  });
  return { url: video.url, bytes: Number(head.headers.get('content-length')) };
}

/** Ready videos as if uploaded and prepared, a minute apart, newest first. */
export async function insertReadyVideos(db: Database, ownerId: string, count: number) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    return {
      id,
      ownerId,
      title: `Practice ${index + 1}`,
      originalKey: videoKeys.original(id),
      originalType: 'video/mp4',
      originalBytes: 50_000_000,
      mediaKey: videoKeys.media(id),
      posterKey: videoKeys.poster(id),
      thumbnailKey: videoKeys.thumbnail(id),
      status: 'ready' as const,
      progress: 100,
      duration: 60 + (index % 600),
      width: 1280,
      height: 720,
      createdAt: new Date(now - index * 60_000),
    };
  });
  await db.insert(videos).values(rows);
}

/** What coaches call their film: a search for one of these finds about 1 video in 12. */
const LIBRARY_TITLES = [
  'Practice',
  'Match vs Eagles',
  'Free throws',
  'Sprint starts',
  'Squat form',
  'Scrimmage',
  'Defensive drills',
  'Serve return',
  'Corner routine',
  'Penalty kicks',
  'Warm-up',
  'Film review',
];

/**
 * Adds `count` ready videos to the owner's library in one statement (100,000 in seconds, where
 * the API or a row-by-row insert would take minutes), titled from LIBRARY_TITLES and numbered
 * after the `from` already there, a minute apart and older than those.
 */
export async function insertLibrary(
  pool: Database['$client'],
  ownerId: string,
  count: number,
  from = 0,
) {
  await pool.query(
    `WITH numbered AS (
       SELECT n, gen_random_uuid() AS id FROM generate_series($2::int + 1, $2::int + $3::int) AS n
     )
     INSERT INTO videos (id, owner_id, title, original_key, original_type, original_bytes,
                         media_key, poster_key, thumbnail_key, status, progress, duration,
                         width, height, created_at)
     SELECT id, $1, ($4::text[])[1 + n % cardinality($4::text[])] || ' ' || n,
            'videos/' || id || '/original', 'video/mp4', 50000000,
            'videos/' || id || '/media.mp4', 'videos/' || id || '/poster.jpg',
            'videos/' || id || '/thumbnail.jpg', 'ready', 100, 60 + n % 600, 1280, 720,
            now() - n * interval '1 minute'
       FROM numbered`,
    [ownerId, from, count, LIBRARY_TITLES],
  );
  // As autovacuum would after a bulk load: the planner's statistics and the visibility map.
  await pool.query('VACUUM ANALYZE videos');
}
