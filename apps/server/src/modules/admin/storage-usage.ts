import type { AdminStorage } from '@filmroom/contract';
import type pg from 'pg';
import type { Config } from '../../config';
import { storedBlobs } from '../../maintenance/blob-inventory';
import type { BlobStore } from '../../storage';

// Sizes are read file by file (the store's interface has no listing with sizes); a few at once.
const STATS_AT_ONCE = 16;

type Usage = Map<string, { bytes: number; videos: number }>;

/**
 * What each account's files take in the blob store, read from the store itself: a video's files
 * count for its owner (an export for whoever asked for it), photos for their person. Files no
 * row owns (an upload in progress, leftovers) count apart.
 */
export async function measureStorage(
  pool: pg.Pool,
  blobs: BlobStore,
): Promise<{ totalBytes: number; unownedBytes: number; usage: Usage }> {
  const keys = await storedBlobs(blobs);
  const sizes = new Map<string, number>();
  for (let start = 0; start < keys.length; start += STATS_AT_ONCE) {
    const batch = keys.slice(start, start + STATS_AT_ONCE);
    const infos = await Promise.all(batch.map((key) => blobs.stat(key)));
    batch.forEach((key, index) => sizes.set(key, infos[index]?.bytes ?? 0));
  }
  const { rows: videoOwners } = await pool.query<{ id: string; owner_id: string }>(
    'SELECT id, owner_id FROM videos',
  );
  const { rows: exportOwners } = await pool.query<{ file_key: string; owner_id: string }>(
    'SELECT file_key, owner_id FROM video_exports WHERE file_key IS NOT NULL',
  );
  const ownerOfVideo = new Map(videoOwners.map((row) => [row.id, row.owner_id]));
  const ownerOfExport = new Map(exportOwners.map((row) => [row.file_key, row.owner_id]));

  const usage: Usage = new Map();
  const entry = (userId: string) => {
    let found = usage.get(userId);
    if (!found) usage.set(userId, (found = { bytes: 0, videos: 0 }));
    return found;
  };
  for (const row of videoOwners) entry(row.owner_id).videos += 1;
  let totalBytes = 0;
  let unownedBytes = 0;
  for (const [key, bytes] of sizes) {
    totalBytes += bytes;
    const [folder, id] = key.split('/');
    const owner =
      ownerOfExport.get(key) ??
      (folder === 'videos' ? ownerOfVideo.get(id!) : folder === 'users' ? id : undefined);
    if (owner) entry(owner).bytes += bytes;
    else unownedBytes += bytes;
  }
  return { totalBytes, unownedBytes, usage };
}

/** The storage page: the store's kind and place, its total, and each account's share. */
export async function storageReport(deps: {
  pool: pg.Pool;
  blobs: BlobStore;
  config: Config;
}): Promise<AdminStorage> {
  const { totalBytes, unownedBytes, usage } = await measureStorage(deps.pool, deps.blobs);
  const { rows } = await deps.pool.query<{ id: string; name: string; username: string }>(
    'SELECT id, name, username FROM users',
  );
  return {
    blobStore: deps.config.s3 ? 's3' : 'local',
    location: deps.config.s3 ? `bucket ${deps.config.s3.bucket}` : `${deps.config.dataDir}/blobs`,
    totalBytes,
    unownedBytes,
    users: rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        email: row.username,
        bytes: usage.get(row.id)?.bytes ?? 0,
        videos: usage.get(row.id)?.videos ?? 0,
      }))
      .sort((a, b) => b.bytes - a.bytes || a.email.localeCompare(b.email)),
  };
}
