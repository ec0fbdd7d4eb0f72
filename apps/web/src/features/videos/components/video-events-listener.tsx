import { useVideoEvents, type FeatureEventHandlers } from '../api/video-events';

/** Keeps cached videos live while signed in (see useVideoEvents). Renders nothing. */
export function VideoEventsListener({ handlers }: { handlers?: FeatureEventHandlers }) {
  useVideoEvents(handlers);
  return null;
}
