import type { Photo } from '@filmroom/contract';
import { faceEmbedding } from '@filmroom/vision';
import { and, asc, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../../db/connection';
import type { Log } from '../../lib/logger';
import { userPhotos, type UserPhotoRow } from '../../db/schema';
import { UUID, type BlobStore } from '../../storage';

export const profilePhotoKey = (userId: string, photoId: string) =>
  `users/${userId}/photos/${photoId}.jpg`;

/** The profile photos browsers may ask for under /uploads, with whose photo it is. */
export const SERVABLE_PHOTO_KEY = new RegExp(`^users/(${UUID})/photos/${UUID}\\.jpg$`);

export const photoUrl = (row: Pick<UserPhotoRow, 'blobKey'>) => `/uploads/${row.blobKey}`;

export async function listProfilePhotos(db: Database, userId: string): Promise<UserPhotoRow[]> {
  return db
    .select()
    .from(userPhotos)
    .where(eq(userPhotos.userId, userId))
    .orderBy(asc(userPhotos.createdAt), asc(userPhotos.id));
}

export const toPhotoView = (row: UserPhotoRow): Photo => ({ id: row.id, url: photoUrl(row) });

/**
 * Keeps a profile photo and the embedding of its main face, so the athlete can be recognised
 * in videos. The embedding is computed once here rather than at every player detection.
 * The image arrives already checked and re-encoded by whoever received it.
 */
export async function addProfilePhoto(
  deps: { db: Database; blobs: BlobStore; log?: Log },
  userId: string,
  jpeg: Uint8Array,
): Promise<UserPhotoRow> {
  const id = randomUUID();
  const key = profilePhotoKey(userId, id);
  // The face is an extra: a photo the face step cannot read (ffmpeg 4 refuses some plain-colour
  // progressive JPEGs) is kept without one rather than refused.
  const face = await faceEmbedding(jpeg).catch((error: unknown) => {
    deps.log?.warn({ err: error, userId }, 'no face embedding for a profile photo');
    return undefined;
  });
  await deps.blobs.write(key, Readable.from([Buffer.from(jpeg)]), { contentType: 'image/jpeg' });
  try {
    const [row] = await deps.db
      .insert(userPhotos)
      .values({ id, userId, blobKey: key, faceEmbedding: face?.embedding ?? null })
      .returning();
    return row!;
  } catch (error) {
    await deps.blobs.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function countProfilePhotos(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userPhotos)
    .where(eq(userPhotos.userId, userId));
  return row?.n ?? 0;
}

/** Removes one of the user's photos with its file; false when they have no such photo. */
export async function deleteProfilePhoto(
  deps: { db: Database; blobs: BlobStore; log: Log },
  userId: string,
  photoId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .delete(userPhotos)
    .where(and(eq(userPhotos.id, photoId), eq(userPhotos.userId, userId)))
    .returning();
  if (!row) return false;
  try {
    await deps.blobs.delete(row.blobKey);
  } catch (error) {
    // The row is gone, so nothing serves the file any more; log it for a sweep.
    deps.log.error({ err: error, key: row.blobKey }, 'could not delete a profile photo file');
  }
  return true;
}
