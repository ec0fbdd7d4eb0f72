import type { AccessLevel, Video } from '@filmroom/contract';
import type { AnalysisRow, VideoRow } from '../../db/schema';
import { uploadsUrl } from '../../storage';

/** Where the video's analysis stands, as a card shows it. */
export type AnalysisProgress = Pick<AnalysisRow, 'status' | 'progress' | 'failureReason'>;

export type VideoWithSharing = {
  video: VideoRow;
  /** Set when the video reached the viewer through a share, not as its owner. */
  share: { accessLevel: AccessLevel; sharedBy: { name: string; username: string } } | null;
  /** Null until a scan has begun. */
  analysis: AnalysisProgress | null;
};

/** A video as the API shows it to one viewer. */
export function toVideoView({ video, share, analysis }: VideoWithSharing): Video {
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    url: video.mediaKey ? uploadsUrl(video.mediaKey) : null,
    streamUrl: video.streamKey ? uploadsUrl(video.streamKey) : null,
    storyboardUrl: video.storyboardKey ? uploadsUrl(video.storyboardKey) : null,
    posterUrl: video.posterKey ? uploadsUrl(video.posterKey) : null,
    thumbnailUrl: video.thumbnailKey ? uploadsUrl(video.thumbnailKey) : null,
    status: video.status,
    progress: video.progress,
    failureReason: video.failureReason,
    duration: video.duration,
    width: video.width,
    height: video.height,
    createdAt: video.createdAt.toISOString(),
    isShared: share !== null,
    accessLevel: share?.accessLevel ?? null,
    sharedBy: share?.sharedBy ?? null,
    analysisState: analysis && { id: video.id, ...analysis },
  };
}
