import {
  ADMIN_DISABLED_MESSAGE,
  AUTO_DETECT,
  type AccessLevel,
  type MovementChoice,
  type UpdateVideoBody,
} from '@filmroom/contract';
import { and, desc, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../../lib/http-errors';
import { inTransaction } from '../../db/transaction';
import type { Log } from '../../lib/logger';
import type { Database } from '../../db/connection';
import * as schema from '../../db/schema';
import {
  analyses,
  analysisRanges,
  clips,
  playlistItems,
  teamVideoShares,
  users,
  videos,
  type UserRow,
} from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import type { JobQueue } from '../../jobs/queue';
import { videoKeys, type BlobStore } from '../../storage';
import { commitStagedFile, type StagedFile } from '../../lib/staged-upload';
import { requireAccess, videosSharedWith } from '../access';
import { decodeVideoCursor, encodeVideoCursor } from './video-cursor';
import { VideoEvents } from '../events';
import { lockOwnersQuota, quotaProblem, storageUsedBy } from './storage-quota';
import type { AnalysisProgress, VideoWithSharing } from './video-view';

export type CommittedUpload = {
  id: string;
  owner: UserRow;
  title: string;
  description: string | null;
  /** The movement to coach; absent or `auto` lets the engine recognise it. */
  movement?: MovementChoice;
  file: StagedFile;
  /** The owner's storage quota in bytes; undefined: none. */
  quotaBytes?: number;
  /** The resumable upload this finishes: its reserved room becomes the video's. */
  reservation?: string;
};

const sharer = alias(users, 'sharer');

/** What a page of the list is asked for; the route has checked each against the contract. */
export type VideoPageRequest = { q?: string; cursor?: string; limit: number; teamId?: string };

/** A video's place in the list's order, to PostgreSQL's microsecond (see VideoCursor). */
const position =
  sql<string>`to_char(${videos.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
    'position',
  );

/** A card's analysis columns, named apart from the video's own status and progress. */
const analysisColumns = {
  analysisStatus: sql<AnalysisProgress['status'] | null>`${analyses.status}`.as('analysis_status'),
  analysisProgress: sql<number | null>`${analyses.progress}`.as('analysis_progress'),
  analysisFailure: sql<string | null>`${analyses.failureReason}`.as('analysis_failure'),
};

type ListedRow = {
  video: typeof videos.$inferSelect;
  accessLevel: AccessLevel | null;
  sharerName: string | null;
  sharerUsername: string | null;
  analysisStatus: AnalysisProgress['status'] | null;
  analysisProgress: number | null;
  analysisFailure: string | null;
};

function toListedVideo(row: ListedRow): VideoWithSharing {
  return {
    video: row.video,
    share:
      row.accessLevel === null
        ? null
        : {
            accessLevel: row.accessLevel,
            sharedBy: { name: row.sharerName ?? '', username: row.sharerUsername ?? '' },
          },
    analysis:
      row.analysisStatus === null
        ? null
        : {
            status: row.analysisStatus,
            progress: row.analysisProgress ?? 0,
            failureReason: row.analysisFailure,
          },
  };
}

const byNewest = (a: VideoWithSharing, b: VideoWithSharing) =>
  b.video.createdAt.getTime() - a.video.createdAt.getTime() ||
  (b.video.id < a.video.id ? -1 : b.video.id > a.video.id ? 1 : 0);

/** LIKE's own characters in what the person typed match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export class VideoService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly log: Log,
    private readonly events: VideoEvents,
  ) {}

  /**
   * The user's own videos and those shared with them (directly or through a team), newest
   * first. Two queries, each on its own index (owner; shares): one query joining both with OR
   * reads the whole table.
   */
  async listFor(user: UserRow): Promise<VideoWithSharing[]> {
    const shared = videosSharedWith(this.db, user);
    const [owned, reached] = await Promise.all([
      this.db
        .select({
          video: videos,
          accessLevel: sql<AccessLevel | null>`null`,
          sharerName: sql<string | null>`null`,
          sharerUsername: sql<string | null>`null`,
          ...analysisColumns,
        })
        .from(videos)
        .leftJoin(analyses, eq(analyses.videoId, videos.id))
        .where(eq(videos.ownerId, user.id)),
      this.db
        .select({
          video: videos,
          accessLevel: sql<AccessLevel | null>`${shared.accessLevel}`,
          sharerName: sharer.name,
          sharerUsername: sharer.username,
          ...analysisColumns,
        })
        .from(shared)
        .innerJoin(videos, eq(videos.id, shared.videoId))
        .leftJoin(sharer, eq(sharer.id, shared.sharedById))
        .leftJoin(analyses, eq(analyses.videoId, videos.id))
        .where(ne(videos.ownerId, user.id)),
    ]);
    return [...owned, ...reached].map(toListedVideo).sort(byNewest);
  }

  /**
   * One page of listFor's list, optionally only the videos whose title contains `q` (any case),
   * continuing after `cursor`. As listFor, the user's own and the shared ones are read apart,
   * each in the list's order on its own index and stopped after one page; the next page starts
   * strictly after this one's last video. A title search uses the trigram index when few
   * titles match and walks the owner's index when many do.
   */
  async pageFor(
    user: UserRow,
    request: VideoPageRequest,
  ): Promise<{ videos: VideoWithSharing[]; nextCursor: string | null }> {
    const after = request.cursor === undefined ? undefined : decodeVideoCursor(request.cursor);
    const needle = request.q?.trim() ?? '';
    if (request.teamId !== undefined)
      await requireAccess(this.db, user, 'team.read', request.teamId);
    const conditions = and(
      after
        ? sql`(${videos.createdAt}, ${videos.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : undefined,
      needle ? ilike(videos.title, `%${escapeLike(needle)}%`) : undefined,
      request.teamId === undefined
        ? undefined
        : inArray(
            videos.id,
            this.db
              .select({ videoId: teamVideoShares.videoId })
              .from(teamVideoShares)
              .where(eq(teamVideoShares.teamId, request.teamId)),
          ),
    );
    // One more than a page tells whether another page follows.
    const take = request.limit + 1;
    // One round trip: each branch walks its own index in the list's order and stops after a
    // page; the union of the two short lists is ordered again.
    const owned = this.db
      .select({
        video: videos,
        accessLevel: sql<AccessLevel | null>`null`.as('access_level'),
        sharerName: sql<string | null>`null`.as('sharer_name'),
        sharerUsername: sql<string | null>`null`.as('sharer_username'),
        ...analysisColumns,
        position,
      })
      .from(videos)
      .leftJoin(analyses, eq(analyses.videoId, videos.id))
      .where(and(eq(videos.ownerId, user.id), conditions))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(take);
    const shared = videosSharedWith(this.db, user);
    const reached = this.db
      .select({
        video: videos,
        accessLevel: sql<AccessLevel | null>`${shared.accessLevel}`.as('access_level'),
        sharerName: sql<string | null>`${sharer.name}`.as('sharer_name'),
        sharerUsername: sql<string | null>`${sharer.username}`.as('sharer_username'),
        ...analysisColumns,
        position,
      })
      .from(shared)
      .innerJoin(videos, eq(videos.id, shared.videoId))
      .leftJoin(sharer, eq(sharer.id, shared.sharedById))
      .leftJoin(analyses, eq(analyses.videoId, videos.id))
      .where(and(ne(videos.ownerId, user.id), conditions))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(take);
    const merged = await unionAll(owned, reached)
      .orderBy(sql`"created_at" desc, "id" desc`)
      .limit(take);
    const page = merged.slice(0, request.limit);
    const last = page.at(-1);
    return {
      videos: page.map(toListedVideo),
      nextCursor:
        merged.length > request.limit && last
          ? encodeVideoCursor({ createdAt: last.position, id: last.video.id })
          : null,
    };
  }

  /**
   * A digest of everything listFor shows the user, from one small query: equal digests mean an
   * equal list, so a list already built can be sent again (and a browser's copy stays good).
   * Every change to a video moves its updated_at, and every step of its analysis moves the
   * analysis's, so the count and the sums of those times cover the user's own videos without
   * sorting or hashing them (the list's hot path); the few shared ones (directly or through a
   * team) are hashed with their level, sharer and analysis.
   */
  async listFingerprint(user: UserRow): Promise<string> {
    const shared = videosSharedWith(this.db, user);
    const { rows } = await this.db.execute<{ digest: string }>(sql`SELECT
         (SELECT count(*) || ':' || coalesce(sum(extract(epoch FROM v.updated_at)), 0)
                 || ':' || coalesce(sum(extract(epoch FROM a.updated_at)), 0)
            FROM videos v LEFT JOIN analyses a ON a.video_id = v.id
            WHERE v.owner_id = ${user.id})
         || '/' ||
         (SELECT count(*) || ':' || coalesce(sum(hashtextextended(
                   v.id || ':' || v.updated_at || ':' || ${shared.accessLevel} || ':' ||
                   coalesce(u.name, '') || ':' || coalesce(u.username, '') || ':' ||
                   coalesce(a.updated_at::text, ''), 0)::numeric), 0)
            FROM ${shared}
            JOIN videos v ON v.id = ${shared.videoId}
            LEFT JOIN users u ON u.id = ${shared.sharedById}
            LEFT JOIN analyses a ON a.video_id = v.id
            WHERE v.owner_id <> ${user.id}) AS digest`);
    // The user is part of it: a browser shared by two people must never keep one's list for the
    // other, however alike their numbers. So is whether their address is confirmed: confirming
    // brings the shares in.
    return createHash('sha256')
      .update(`${user.id}/${user.emailConfirmedAt !== null}/${rows[0]!.digest}`)
      .digest('base64url')
      .slice(0, 27);
  }

  async getFor(user: UserRow, videoId: string): Promise<VideoWithSharing> {
    const access = await requireAccess(this.db, user, 'video.read', videoId);
    const [analysis] = await this.db
      .select({
        status: analyses.status,
        progress: analyses.progress,
        failureReason: analyses.failureReason,
      })
      .from(analyses)
      .where(eq(analyses.videoId, videoId));
    if (access.level === 'owner') {
      return { video: access.video, share: null, analysis: analysis ?? null };
    }
    const shared = videosSharedWith(this.db, user);
    const [share] = await this.db
      .select({ name: users.name, username: users.username })
      .from(shared)
      .innerJoin(users, eq(users.id, shared.sharedById))
      .where(eq(shared.videoId, videoId));
    return {
      video: access.video,
      share: { accessLevel: access.level, sharedBy: share ?? { name: '', username: '' } },
      analysis: analysis ?? null,
    };
  }

  /**
   * Makes an upload a video: the row, its preparation job and the file's final place commit
   * together. If any step fails, none of them happened and the file is removed.
   */
  async commitUpload(upload: CommittedUpload): Promise<VideoWithSharing> {
    const originalKey = videoKeys.original(upload.id);
    const { file } = upload;
    const video = await commitStagedFile(
      this.pool,
      this.blobs,
      { stagingKey: file.stagingKey, finalKey: originalKey },
      async (transaction) => {
        // The account may have been disabled or deleted while the bytes arrived (the session
        // checked at the start of the request is gone by its end): then no video is made.
        await requireActiveOwner(transaction, upload.owner.id);
        if (upload.quotaBytes !== undefined) {
          await lockOwnersQuota(transaction, upload.owner.id);
          const used = await this.storageUsedBy(upload.owner.id, transaction, upload.reservation);
          const problem = quotaProblem(file.bytes, used, upload.quotaBytes);
          if (problem) throw new HttpError(413, problem);
        }
        if (upload.reservation) await releaseReservation(transaction, upload.reservation);
        const [row] = await drizzle(transaction, { schema })
          .insert(videos)
          .values({
            id: upload.id,
            ownerId: upload.owner.id,
            title: upload.title,
            description: upload.description,
            movement:
              upload.movement === undefined || upload.movement === AUTO_DETECT
                ? null
                : upload.movement,
            originalKey,
            originalType: file.contentType,
            originalBytes: file.bytes,
          })
          .returning();
        await this.queue.send('media.prepare', { videoId: upload.id }, transaction);
        return row!;
      },
    );
    return { video, share: null, analysis: null };
  }

  /** What the storage quota counts (see storage-quota.ts), but `exceptUpload`'s reservation. */
  async storageUsedBy(
    ownerId: string,
    client: Pick<pg.Pool, 'query'> = this.pool,
    exceptUpload?: string,
  ) {
    return storageUsedBy(client, ownerId, exceptUpload);
  }

  /**
   * Holds room in the owner's quota for a resumable upload of `bytes` from its creation until
   * it finishes, is cancelled or expires; refused (413) when it does not fit beside the videos
   * and the uploads under way.
   */
  async reserveUpload(reservation: {
    id: string;
    owner: UserRow;
    bytes: number;
    quotaBytes: number | undefined;
    expiresAt: Date;
    /** Unfinished uploads the owner may have at once (this one included). */
    maxOpen: number;
  }): Promise<void> {
    const { id, owner, bytes, quotaBytes, expiresAt, maxOpen } = reservation;
    await inTransaction(this.pool, async (client) => {
      await lockOwnersQuota(client, owner.id);
      // Expired reservations count no more; they are cleared here as well as by the sweep.
      await client.query('DELETE FROM upload_reservations WHERE expires_at <= now()');
      const { rows } = await client.query<{ open: number }>(
        'SELECT count(*)::int AS open FROM upload_reservations WHERE owner_id = $1',
        [owner.id],
      );
      if (rows[0]!.open >= maxOpen) throw new HttpError(429, tooManyOpenUploads(maxOpen));
      const problem = quotaProblem(bytes, await this.storageUsedBy(owner.id, client), quotaBytes);
      if (problem) throw new HttpError(413, problem);
      await client.query(
        'INSERT INTO upload_reservations (id, owner_id, bytes, expires_at) VALUES ($1, $2, $3, $4)',
        [id, owner.id, bytes, expiresAt],
      );
    });
  }

  /** Refuses (403) an owner who no longer exists or was disabled. */
  async requireActiveOwner(ownerId: string): Promise<void> {
    await requireActiveOwner(this.pool, ownerId);
  }

  /** The upload no longer holds room: cancelled, refused, or finished as a video. */
  releaseReservation(id: string): Promise<void> {
    return releaseReservation(this.pool, id);
  }

  /**
   * Title, description and, until an analysis has been written with it, the movement (edit
   * access). A resumed upload sends here the fields chosen after its first try.
   */
  async update(user: UserRow, videoId: string, changes: UpdateVideoBody) {
    await requireAccess(this.db, user, 'video.edit', videoId);
    const set: Partial<typeof videos.$inferInsert> = { updatedAt: new Date() };
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.description !== undefined) set.description = changes.description || null;
    if (changes.movement !== undefined) {
      // The reading on show must be the movement stored: once written, a new movement goes
      // through Regenerate, which writes the reading again.
      if (await this.analysedWithMovement(videoId)) {
        throw conflict(
          "The video has been analysed already: change its movement in the Analysis tab's Movement card",
        );
      }
      set.movement = changes.movement === AUTO_DETECT ? null : changes.movement;
    }
    await this.db.update(videos).set(set).where(eq(videos.id, videoId));
    return this.getFor(user, videoId);
  }

  /** Whether the coach engine has read the video's movement, for its whole or for a range. */
  private async analysedWithMovement(videoId: string): Promise<boolean> {
    const written = (table: typeof analyses | typeof analysisRanges) =>
      this.db
        .select({ videoId: table.videoId })
        .from(table)
        .where(
          and(
            eq(table.videoId, videoId),
            or(isNotNull(table.textAnalysis), eq(table.status, 'analysing')),
          ),
        )
        .limit(1);
    const [whole, ranges] = await Promise.all([written(analyses), written(analysisRanges)]);
    return whole.length > 0 || ranges.length > 0;
  }

  /** Removes the video with everything that hangs off it: rows cascade, files go by prefix. */
  async delete(user: UserRow, videoId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    // Read before the cascade takes its clips out of them: their open pages show the removal.
    const changedPlaylists = await this.db
      .selectDistinct({ id: playlistItems.playlistId })
      .from(playlistItems)
      .innerJoin(clips, eq(clips.id, playlistItems.clipId))
      .where(eq(clips.videoId, videoId));
    await this.db.delete(videos).where(eq(videos.id, videoId));
    // Every process stops serving its files now, whatever it remembered of who may see them.
    await this.events.publishAccessEnded(this.pool, {
      userIds: [],
      emails: [],
      videoIds: [videoId],
    });
    await VideoEvents.publishPlaylistsChanged(
      this.pool,
      changedPlaylists.map((playlist) => playlist.id),
    );
    try {
      // Before the files go: a running transcode or scan stops reading them now (its ffmpeg is
      // killed), and nothing queued for the video starts. After the row: a job sent meanwhile
      // is cancelled too, and one sent later finds no video.
      await this.queue.cancelJobsOf(videoId);
    } catch (error) {
      this.log.error({ err: error, videoId }, 'could not cancel the jobs of a deleted video');
    }
    try {
      await this.blobs.deletePrefix(videoKeys.prefix(videoId));
    } catch (error) {
      // The row is gone, so nobody can reach these files; log them for a sweep.
      this.log.error({ err: error, videoId }, 'could not delete the files of a deleted video');
    }
  }
}

// One of a user's uploads takes room in their quota at a time, so two cannot both fit the same room.
const tooManyOpenUploads = (maxOpen: number) =>
  `You have ${maxOpen} uploads started and not finished, the most at once. ` +
  'Finish or cancel one of them before starting another.';

/** Refuses (403) an owner who no longer exists or was disabled; holds the row till commit. */
async function requireActiveOwner(transaction: Pick<pg.Pool, 'query'>, ownerId: string) {
  // FOR SHARE: disabling or deleting the account waits for this transaction, so neither can
  // slip in between the check and the video's row.
  const { rows } = await transaction.query<{ disabled: boolean }>(
    'SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1 FOR SHARE',
    [ownerId],
  );
  if (rows.length === 0) throw new HttpError(403, ACCOUNT_GONE_MESSAGE);
  if (rows[0]!.disabled) throw new HttpError(403, ADMIN_DISABLED_MESSAGE);
}

/** A video uploaded by an account deleted while it arrived. */
const ACCOUNT_GONE_MESSAGE =
  'This account was deleted while the video was uploading; it was not kept.';

async function releaseReservation(client: Pick<pg.Pool, 'query'>, id: string) {
  await client.query('DELETE FROM upload_reservations WHERE id = $1', [id]);
}
