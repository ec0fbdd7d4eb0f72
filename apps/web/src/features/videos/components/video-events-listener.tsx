import { useVideoEvents } from '../api/video-events';

/** Keeps cached videos live while signed in (see useVideoEvents). Renders nothing. */
export function VideoEventsListener() {
  useVideoEvents();
  return null;
}
