import type { UpdateVideoBody } from '@filmroom/contract';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Log } from '../../lib/logger';
import type { Database } from '../../db/connection';
import * as schema from '../../db/schema';
import { users, videoShares, videos, type UserRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { BlobStore } from '../../storage';
import { requireVideoAccess } from './video-access';
import { videoKeys } from './video-keys';
import type { VideoWithSharing } from './video-view';

export type CommittedUpload = {
  id: string;
  owner: UserRow;
  title: string;
  description: string | null;
  incomingKey: string;
  contentType: string;
  bytes: number;
};

const sharer = alias(users, 'sharer');

export class VideoService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly log: Log,
  ) {}

  /** The user's own videos and those shared with them, newest first. */
  async listFor(user: UserRow): Promise<VideoWithSharing[]> {
    const rows = await this.db
      .select({
        video: videos,
        accessLevel: videoShares.accessLevel,
        sharerName: sharer.name,
        sharerUsername: sharer.username,
      })
      .from(videos)
      .leftJoin(
        videoShares,
        and(eq(videoShares.videoId, videos.id), eq(videoShares.sharedWithEmail, user.username)),
      )
      .leftJoin(sharer, eq(sharer.id, videoShares.sharedById))
      .where(or(eq(videos.ownerId, user.id), isNotNull(videoShares.id)))
      .orderBy(desc(videos.createdAt), desc(videos.id));
    return rows.map((row) => ({
      video: row.video,
      share:
        row.video.ownerId !== user.id && row.accessLevel
          ? {
              accessLevel: row.accessLevel,
              sharedBy: { name: row.sharerName ?? '', username: row.sharerUsername ?? '' },
            }
          : null,
    }));
  }

  async getFor(user: UserRow, videoId: string): Promise<VideoWithSharing> {
    const access = await requireVideoAccess(this.db, user, videoId, 'view');
    if (access.level === 'owner') return { video: access.video, share: null };
    const [share] = await this.db
      .select({ name: users.name, username: users.username })
      .from(videoShares)
      .innerJoin(users, eq(users.id, videoShares.sharedById))
      .where(and(eq(videoShares.videoId, videoId), eq(videoShares.sharedWithEmail, user.username)));
    return {
      video: access.video,
      share: { accessLevel: access.level, sharedBy: share ?? { name: '', username: '' } },
    };
  }

  /**
   * Makes an upload a video: the row, its preparation job and the file's final place commit
   * together. If any step fails, none of them happened and the file is removed.
   */
  async commitUpload(upload: CommittedUpload): Promise<VideoWithSharing> {
    const originalKey = videoKeys.original(upload.id);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const [video] = await drizzle(client, { schema })
        .insert(videos)
        .values({
          id: upload.id,
          ownerId: upload.owner.id,
          title: upload.title,
          description: upload.description,
          originalKey,
          originalType: upload.contentType,
          originalBytes: upload.bytes,
        })
        .returning();
      await this.queue.send('media.prepare', { videoId: upload.id }, client);
      await this.blobs.move(upload.incomingKey, originalKey);
      await client.query('COMMIT');
      return { video: video!, share: null };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      await this.blobs.delete(upload.incomingKey).catch(() => undefined);
      await this.blobs.deletePrefix(videoKeys.prefix(upload.id)).catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async update(user: UserRow, videoId: string, changes: UpdateVideoBody) {
    await requireVideoAccess(this.db, user, videoId, 'edit');
    const set: Partial<typeof videos.$inferInsert> = { updatedAt: new Date() };
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.description !== undefined) set.description = changes.description || null;
    await this.db.update(videos).set(set).where(eq(videos.id, videoId));
    return this.getFor(user, videoId);
  }

  /** Removes the video with everything that hangs off it: rows cascade, files go by prefix. */
  async delete(user: UserRow, videoId: string): Promise<void> {
    await requireVideoAccess(this.db, user, videoId, 'edit');
    await this.db.delete(videos).where(eq(videos.id, videoId));
    try {
      await this.blobs.deletePrefix(videoKeys.prefix(videoId));
    } catch (error) {
      // The row is gone, so nobody can reach these files; log them for a sweep.
      this.log.error({ err: error, videoId }, 'could not delete the files of a deleted video');
    }
  }
}
