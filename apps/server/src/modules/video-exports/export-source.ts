import type { ExportSource } from '@filmroom/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  playlists,
  videos,
  type ExportSegment,
  type ExportSourceKind,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import { clipRangeFor, playlistClipsFor } from '../clips';
import { requireAccess } from '../access';

// Seconds of slack at the video's end: a range marked on the player may end on its last frame,
// which the stored duration can round below.
const END_SLACK = 0.05;
// A range shorter than this has no picture worth a file.
const MIN_LENGTH = 0.2;

/** A new export's source, checked for the asker and fixed as the ranges to render. */
export type ResolvedSource = {
  kind: ExportSourceKind;
  /** The one source video (a video's or a clip's export); null for a playlist's. */
  videoId: string | null;
  clipId: string | null;
  playlistId: string | null;
  title: string;
  segments: ExportSegment[];
  /** Seconds of the source video; a playlist's run from 0 to its length. */
  start: number;
  end: number;
};

const notReady = () => conflict('The video is still being prepared: export it once it is ready');

function readyDuration(video: VideoRow): number {
  if (video.status !== 'ready' || video.duration === null) throw notReady();
  return video.duration;
}

/** The ready videos by id; any missing or not ready answers 409. */
async function readyVideos(db: Database, ids: string[]): Promise<Map<string, VideoRow>> {
  const rows = ids.length ? await db.select().from(videos).where(inArray(videos.id, ids)) : [];
  const found = new Map(rows.map((video) => [video.id, video]));
  for (const id of ids) {
    const video = found.get(id);
    if (!video) throw notReady();
    readyDuration(video);
  }
  return found;
}

/** Clamps a clip's range to its video (a clip made on the last frame may end a hair past it). */
function segmentWithin(video: VideoRow, start: number, end: number): ExportSegment {
  return { videoId: video.id, start, end: Math.min(end, readyDuration(video)) };
}

async function resolveVideo(
  db: Database,
  user: UserRow,
  source: Extract<ExportSource, { kind: 'video' }>,
): Promise<ResolvedSource> {
  const { video } = await requireAccess(db, user, 'video.read', source.videoId);
  const duration = readyDuration(video);
  const start = source.start ?? 0;
  const end = source.end ?? duration;
  if (start >= duration) {
    throw badRequest(`source.start must be before the video's end (${duration.toFixed(2)} s)`);
  }
  if (end > duration + END_SLACK) {
    throw badRequest(`source.end is past the video's end (${duration.toFixed(2)} s)`);
  }
  if (end - start < MIN_LENGTH) {
    throw badRequest('source.end must come at least 0.2 s after source.start');
  }
  const segment = segmentWithin(video, start, end);
  return {
    kind: 'video',
    videoId: video.id,
    clipId: null,
    playlistId: null,
    title: video.title,
    segments: [segment],
    start: segment.start,
    end: segment.end,
  };
}

/** Checks who is asking and fixes what a new export renders. */
export async function resolveNewSource(
  db: Database,
  user: UserRow,
  source: ExportSource,
): Promise<ResolvedSource> {
  if (source.kind === 'video') return resolveVideo(db, user, source);
  if (source.kind === 'clip') {
    const range = await clipRangeFor(db, user, source.clipId);
    const video = (await readyVideos(db, [range.videoId])).get(range.videoId)!;
    const segment = segmentWithin(video, range.start, range.end);
    return {
      kind: 'clip',
      videoId: video.id,
      clipId: range.clipId,
      playlistId: null,
      title: range.title,
      segments: [segment],
      start: segment.start,
      end: segment.end,
    };
  }
  const ranges = await playlistClipsFor(db, user, source.playlistId);
  if (ranges.length === 0) {
    throw conflict('The playlist has no clips to export: add a clip first');
  }
  const found = await readyVideos(db, [...new Set(ranges.map((range) => range.videoId))]);
  const segments = ranges.map((range) =>
    segmentWithin(found.get(range.videoId)!, range.start, range.end),
  );
  const [playlist] = await db
    .select({ title: playlists.title })
    .from(playlists)
    .where(eq(playlists.id, source.playlistId));
  return {
    kind: 'playlist',
    videoId: null,
    clipId: null,
    playlistId: source.playlistId,
    title: playlist?.title ?? 'Playlist',
    segments,
    start: 0,
    end: segments.reduce((total, segment) => total + segment.end - segment.start, 0),
  };
}
