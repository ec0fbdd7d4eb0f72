import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../src/db/connection';
import { videoShares, videos } from '../src/db/schema';
import { videoKeys, type BlobStore } from '../src/storage';

/** Enough of an MP4 for the sniffer and for serving; not a playable video. */
export const MP4_HEADER = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/**
 * A video as if uploaded and prepared, without running the media pipeline: for tests of what
 * hangs off a video (shares, annotations). `duration: null` leaves it still processing.
 */
export async function insertReadyVideo(
  deps: { db: Database; blobs: BlobStore },
  ownerId: string,
  options: { duration?: number | null; title?: string; description?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const duration = options.duration === undefined ? 4 : options.duration;
  const ready = duration !== null;
  await deps.db.insert(videos).values({
    id,
    ownerId,
    title: options.title ?? 'Match',
    description: options.description ?? null,
    originalKey: videoKeys.original(id),
    originalType: 'video/mp4',
    originalBytes: MP4_HEADER.length,
    mediaKey: ready ? videoKeys.media(id) : null,
    posterKey: ready ? videoKeys.poster(id) : null,
    thumbnailKey: ready ? videoKeys.thumbnail(id) : null,
    status: ready ? 'ready' : 'processing',
    progress: ready ? 100 : 0,
    duration,
    width: ready ? 720 : null,
    height: ready ? 1280 : null,
  });
  if (ready) {
    await deps.blobs.write(videoKeys.media(id), Readable.from([MP4_HEADER]), {
      contentType: 'video/mp4',
    });
  }
  return id;
}

/** Shares a video with a person's address for view, as if the owner had; returns the share's id. */
export async function insertViewShare(
  db: Database,
  videoId: string,
  owner: { user: { id: string } },
  viewer: { username: string },
): Promise<string> {
  const [row] = await db
    .insert(videoShares)
    .values({
      videoId,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    })
    .returning();
  return row!.id;
}
