import {
  CLIP_MAX_SECONDS,
  type Clip,
  type ClipDetail,
  type createClipBodySchema,
  type updateClipBodySchema,
} from '@filmroom/contract';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import {
  annotations,
  clips,
  playlistItems,
  videoShares,
  videos,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { AnnotationService } from '../annotations';
import { requireAccess, sharesReaching, type ClipAccess } from '../access';
import { VideoEvents } from '../events';
import type { ClipMedia } from './clip-media';
import { toClipDetail, toClipView } from './clip-view';

type NewClip = z.output<typeof createClipBodySchema>;
type ClipChange = z.output<typeof updateClipBodySchema>;

// The browser's idea of a video's length can run a frame or two past ffprobe's: that close to
// the end, an end counts as the end (as for annotations).
const END_TOLERANCE_SECONDS = 0.1;

/** Checks a range against its video and returns it with the end held to the video's length. */
export function fitRange(video: VideoRow, start: number, end: number) {
  if (video.status !== 'ready' || video.duration === null) {
    throw conflict('The video is still being prepared: make clips once it is ready');
  }
  if (end <= start) throw badRequest('end must be after start');
  if (end > video.duration + END_TOLERANCE_SECONDS) {
    throw badRequest(
      `The range is outside the video: end must be at most ${video.duration.toFixed(2)} seconds`,
    );
  }
  const fitted = { start, end: Math.min(end, video.duration) };
  if (fitted.end <= fitted.start) throw badRequest('The range is outside the video');
  if (fitted.end - fitted.start > CLIP_MAX_SECONDS) {
    throw badRequest(`A clip is at most ${CLIP_MAX_SECONDS} seconds long`);
  }
  return fitted;
}

/**
 * Clips: titled ranges of videos. Anyone who may view a video may make clips of it; a clip is
 * its owner's alone to change, list or delete, and others play it through a shared playlist
 * (see access/clip-access.ts). Its notes are read from the video each time, never copied. A
 * change is heard by the open pages of every playlist holding the clip.
 */
export class ClipService {
  constructor(
    private readonly db: Database,
    private readonly annotations: AnnotationService,
    private readonly media: ClipMedia,
  ) {}

  async create(user: UserRow, input: NewClip): Promise<ClipDetail> {
    const { video } = await requireAccess(this.db, user, 'video.read', input.videoId);
    const range = fitRange(video, input.start, input.end);
    const [clip] = await this.db
      .insert(clips)
      .values({
        ownerId: user.id,
        videoId: video.id,
        title: input.title,
        startTime: range.start,
        endTime: range.end,
      })
      .returning();
    return this.detail(user, { clip: clip!, video, mine: true, seesVideo: true });
  }

  /** The user's clips, newest first, of the videos they may still view. */
  async list(user: UserRow, filter: { videoId?: string }): Promise<Clip[]> {
    const rows = await this.db
      .selectDistinctOn([clips.createdAt, clips.id], { clip: clips, video: videos })
      .from(clips)
      .innerJoin(videos, eq(videos.id, clips.videoId))
      .leftJoin(videoShares, and(eq(videoShares.videoId, videos.id), sharesReaching(user)))
      .where(
        and(
          eq(clips.ownerId, user.id),
          filter.videoId ? eq(clips.videoId, filter.videoId) : undefined,
          or(eq(videos.ownerId, user.id), isNotNull(videoShares.id)),
        ),
      )
      .orderBy(desc(clips.createdAt), desc(clips.id));
    return rows.map((row) => toClipView(row.clip, row.video, { mine: true, seesVideo: true }));
  }

  async get(user: UserRow, clipId: string): Promise<ClipDetail> {
    return this.detail(user, await requireAccess(this.db, user, 'clip.read', clipId));
  }

  async update(user: UserRow, clipId: string, change: ClipChange): Promise<ClipDetail> {
    const access = await requireAccess(this.db, user, 'clip.edit', clipId);
    const range = fitRange(
      access.video,
      change.start ?? access.clip.startTime,
      change.end ?? access.clip.endTime,
    );
    const [clip] = await this.db
      .update(clips)
      .set({
        title: change.title ?? access.clip.title,
        startTime: range.start,
        endTime: range.end,
        updatedAt: new Date(),
      })
      .where(eq(clips.id, clipId))
      .returning();
    if (clip!.startTime !== access.clip.startTime || clip!.endTime !== access.clip.endTime) {
      await this.media.forget(clip!);
    }
    const detail = await this.detail(user, { ...access, clip: clip! });
    await this.playlistsChanged(await this.playlistsHolding(clipId));
    return detail;
  }

  /** The playlists the clip is in: what changes with it. */
  private async playlistsHolding(clipId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: playlistItems.playlistId })
      .from(playlistItems)
      .where(eq(playlistItems.clipId, clipId));
    return rows.map((row) => row.id);
  }

  /** Deletes the clip; it leaves every playlist it was in. */
  async delete(user: UserRow, clipId: string): Promise<void> {
    const { clip } = await requireAccess(this.db, user, 'clip.edit', clipId);
    // Read before the delete, which takes the clip out of them.
    const holding = await this.playlistsHolding(clipId);
    await this.db.delete(clips).where(eq(clips.id, clipId));
    await this.media.forget(clip);
    await this.playlistsChanged(holding);
  }

  /** Open pages of these playlists fetch them again (told once the change is made). */
  private async playlistsChanged(playlistIds: string[]): Promise<void> {
    await VideoEvents.publishPlaylistsChanged(this.db.$client, playlistIds);
  }

  /**
   * The blob key of the clip's range as an MP4 of its own, for whoever may play the clip;
   * `leave` aborts when the asker stops waiting for its cut.
   */
  async mediaKey(user: UserRow, clipId: string, leave: AbortSignal): Promise<string> {
    const { clip, video } = await requireAccess(this.db, user, 'clip.read', clipId);
    return this.media.ensure(clip, video, leave);
  }

  /**
   * The blob key of a voice note of the clip's video, for whoever may play the clip, when the
   * note (or the note it replies to) lies in the clip's range: a playlist's viewer hears what
   * is inside the clip and nothing of the rest of the video.
   */
  async noteAudioKey(user: UserRow, clipId: string, noteId: string): Promise<string> {
    const { clip } = await requireAccess(this.db, user, 'clip.read', clipId);
    const [note] = await this.db
      .select()
      .from(annotations)
      .where(and(eq(annotations.id, noteId), eq(annotations.videoId, clip.videoId)));
    const [anchor] = note?.parentId
      ? await this.db.select().from(annotations).where(eq(annotations.id, note.parentId))
      : [note];
    const inRange =
      anchor !== undefined &&
      anchor.timestamp <= clip.endTime &&
      (anchor.endTime ?? anchor.timestamp) >= clip.startTime;
    if (!note?.audioKey || !inRange) throw notFound('Voice note not found');
    return note.audioKey;
  }

  /** The clip with its notes, as this asker may see it. */
  async detail(user: UserRow, access: ClipAccess): Promise<ClipDetail> {
    const { clip, video, seesVideo } = access;
    const notes = await this.annotations.listInRange(user, clip.videoId, {
      start: clip.startTime,
      end: clip.endTime,
    });
    return toClipDetail(toClipView(clip, video, access), notes, seesVideo);
  }
}
