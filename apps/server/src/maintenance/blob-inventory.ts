import type pg from 'pg';
import { videoKeys, type BlobStore } from '../storage';

/** Leftovers younger than this may belong to work still going on in another process. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Every folder of the blob store that FilmRoom writes to. */
// exports/ holds playlist exports, which belong to no one video's folder.
const BLOB_FOLDERS = ['videos/', 'users/', 'incoming/', 'exports/'];

/** Every blob key a row refers to, with a readable name for the row. */
async function blobsRowsReferTo(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ key: string | null; owner: string }>(`
    SELECT unnest(ARRAY[original_key, media_key, poster_key, thumbnail_key]) AS key,
           'video ' || id AS owner FROM videos
    UNION ALL SELECT scan_key, 'the analysis of video ' || video_id FROM analyses
    UNION ALL SELECT audio_key, 'annotation ' || id FROM annotations
    UNION ALL SELECT blob_key, 'profile photo ' || id FROM user_photos
    UNION ALL SELECT file_key, 'export ' || id FROM video_exports`);
  return new Map(rows.flatMap((row) => (row.key === null ? [] : [[row.key, row.owner]])));
}

/**
 * The folders whose every file a row vouches for: a video's HLS ladder and storyboard (hundreds
 * of segments and sheets, named by preparation; the row keeps only the playlist and the WebVTT).
 */
async function foldersRowsReferTo(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ key: string }>(`
    SELECT unnest(ARRAY[stream_key, storyboard_key]) AS key FROM videos
    WHERE stream_key IS NOT NULL OR storyboard_key IS NOT NULL`);
  return rows.flatMap((row) => (row.key ? [row.key.slice(0, row.key.lastIndexOf('/') + 1)] : []));
}

/**
 * The cut of each clip's current range, where one has been made: a cache, cut on a first play,
 * so a clip without one is no missing file, but one that is there is the clip's, not an orphan.
 * (A cut of a range the clip no longer has is an orphan.)
 */
async function clipCutsRowsVouchFor(pool: pg.Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{
    id: string;
    videoId: string;
    startTime: number;
    endTime: number;
  }>(`SELECT id, video_id AS "videoId", start_time AS "startTime", end_time AS "endTime"
        FROM clips`);
  return new Set(rows.map((clip) => videoKeys.clipCut(clip)));
}

/** Every key in the folders FilmRoom writes to. */
export async function storedBlobs(blobs: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of BLOB_FOLDERS) keys.push(...(await blobs.list(folder)));
  return keys;
}

/**
 * Blobs no row refers to: uploads never committed, files of a video whose row never committed
 * (a crash between the two), a photo whose row failed. Listed before the rows are read, so a
 * row committed meanwhile still counts.
 */
export async function blobsWithoutRows(pool: pg.Pool, blobs: BlobStore) {
  const stored = await storedBlobs(blobs);
  const referred = await blobsRowsReferTo(pool);
  const folders = await foldersRowsReferTo(pool);
  const clipCuts = await clipCutsRowsVouchFor(pool);
  const inReferredFolder = (key: string) => folders.some((folder) => key.startsWith(folder));
  return {
    stored,
    orphaned: stored.filter(
      (key) => !referred.has(key) && !clipCuts.has(key) && !inReferredFolder(key),
    ),
    referred,
  };
}

/**
 * Removes orphaned blobs last written before `modifiedBefore`. Younger ones may belong to a
 * request still running (on this or another process), so they stay until a later sweep.
 */
export async function sweepOrphanedBlobs(
  pool: pg.Pool,
  blobs: BlobStore,
  modifiedBefore: Date,
): Promise<number> {
  const { orphaned } = await blobsWithoutRows(pool, blobs);
  let removed = 0;
  for (const key of orphaned) {
    const info = await blobs.stat(key);
    if (info && info.modifiedAt < modifiedBefore) {
      await blobs.delete(key);
      removed += 1;
    }
  }
  return removed;
}
