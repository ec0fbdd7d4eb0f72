import type { CoachingPoint, Video } from '@filmroom/contract';
import type { ReactNode, Ref } from 'react';
import type { PersonBox } from '../lib/visual-guides';
import { VideoPreparationFrame } from './video-preparation-frame';
import type { TimelineMarker } from './viewer/timeline-overlay';
import { VideoViewer } from './viewer/video-viewer';
import type { VideoViewerHandle, ViewerOverlayState } from './viewer/video-viewer';

type VideoPlayerProps = {
  video: Pick<
    Video,
    | 'id'
    | 'title'
    | 'status'
    | 'progress'
    | 'failureReason'
    | 'posterUrl'
    | 'url'
    | 'streamUrl'
    | 'storyboardUrl'
  >;
  coachingPoints: readonly CoachingPoint[];
  onTimeUpdate: (seconds: number) => void;
  /** The analysis scan has run, so there are measured poses to draw. */
  posesAvailable: boolean;
  /** Another feature's layer over the picture (annotations); see VideoViewer. */
  overlay?: (viewer: ViewerOverlayState) => ReactNode;
  timelineMarkers?: readonly TimelineMarker[];
  /** A person another feature picked, boxed over the picture; see VideoViewer. */
  personBox?: PersonBox | null;
  /** The page's theatre mode; see VideoViewer. */
  theatre?: { on: boolean; onToggle: () => void };
  ref?: Ref<VideoViewerHandle>;
};

/** The viewer once the video is prepared; until then its preparation, live. */
export function VideoPlayer({
  video,
  coachingPoints,
  onTimeUpdate,
  posesAvailable,
  overlay,
  timelineMarkers,
  personBox,
  theatre,
  ref,
}: VideoPlayerProps) {
  if (video.status !== 'ready' || !video.url) return <VideoPreparationFrame video={video} />;
  return (
    <VideoViewer
      videoId={video.id}
      url={video.url}
      streamUrl={video.streamUrl}
      storyboardUrl={video.storyboardUrl}
      posterUrl={video.posterUrl}
      title={video.title}
      coachingPoints={coachingPoints}
      onTimeUpdate={onTimeUpdate}
      posesAvailable={posesAvailable}
      overlay={overlay}
      timelineMarkers={timelineMarkers}
      personBox={personBox}
      theatre={theatre}
      ref={ref}
    />
  );
}
