/// <reference lib="webworker" />
import { grayFrom, PointTracker } from '@filmroom/vision/point-tracker';

/**
 * The tracker off the page's thread: the page hands it one decoded frame at a time (RGBA from a
 * canvas) and it answers with where the picked point is on that frame, so the player, the
 * progress bar and the Cancel button stay responsive while a clip is followed.
 */
export type TrackerRequest =
  | {
      type: 'start';
      width: number;
      height: number;
      pixels: Uint8ClampedArray;
      x: number;
      y: number;
      /** The frame's time in seconds: the tracker scales its expectation by the time passed. */
      t: number;
    }
  | { type: 'frame'; width: number; height: number; pixels: Uint8ClampedArray; t: number };

export type TrackerAnswer =
  | { type: 'started' }
  | { type: 'point'; x: number; y: number; score: number }
  | { type: 'error'; message: string };

let tracker: PointTracker | null = null;

self.onmessage = (event: MessageEvent<TrackerRequest>) => {
  const request = event.data;
  const answer = (message: TrackerAnswer) => self.postMessage(message);
  try {
    const frame = grayFrom(request.pixels, request.width, request.height, 4);
    if (request.type === 'start') {
      tracker = new PointTracker(frame, { x: request.x, y: request.y }, { t: request.t });
      answer({ type: 'started' });
      return;
    }
    if (!tracker) throw new Error('The tracker was not started');
    answer({ type: 'point', ...tracker.next(frame, request.t) });
  } catch (error) {
    answer({ type: 'error', message: (error as Error).message });
  }
};
