import type { TrackSample } from '@filmroom/contract';
import type { TrackerAnswer, TrackerRequest } from './point-tracker.worker';

/** Frames are followed at this width: plenty for a bar's end, and a 1080p frame costs a quarter. */
const WORK_WIDTH = 960;
/** The longest stretch one run follows: a set, not a whole session. */
export const MAX_TRACK_SECONDS = 10;
/** Steps a second: the video's own rate for most phone and studio footage. */
export const TRACK_FPS = 30;

export type TrackRequest = {
  /** The MP4 (same origin: a canvas drawn from it can be read). */
  src: string;
  /** Clip seconds to start at; the point is where it is on that frame. */
  from: number;
  to: number;
  /** Percent of the picture. */
  start: { x: number; y: number };
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
};

function seek(video: HTMLVideoElement, t: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => reject(new Error('The video could not be read for tracking'));
    video.addEventListener('seeked', done, { once: true });
    video.addEventListener('error', failed, { once: true });
    video.currentTime = t;
  });
}

function loadVideo(src: string): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  video.src = src;
  return new Promise((resolve, reject) => {
    video.addEventListener('loadeddata', () => resolve(video), { once: true });
    video.addEventListener(
      'error',
      () => reject(new Error('The video could not be read for tracking')),
      { once: true },
    );
  });
}

/** One question to the worker and its answer. */
function ask(worker: Worker, request: TrackerRequest): Promise<TrackerAnswer> {
  return new Promise((resolve) => {
    worker.addEventListener(
      'message',
      (event: MessageEvent<TrackerAnswer>) => resolve(event.data),
      {
        once: true,
      },
    );
    worker.postMessage(request, [request.pixels.buffer]);
  });
}

/**
 * Follows a picked point from `from` to `to`: a second, hidden <video> of the same file steps
 * through the frames (the one on screen stays where the coach left it), each frame is drawn to
 * a canvas and handed to the worker. Resolves with the path in percent of the picture.
 */
export async function trackPoint(request: TrackRequest): Promise<TrackSample[]> {
  const video = await loadVideo(request.src);
  const worker = new Worker(new URL('./point-tracker.worker.ts', import.meta.url), {
    type: 'module',
  });
  try {
    const scale = Math.min(1, WORK_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('This browser cannot read video frames');
    const end = Math.min(request.to, request.from + MAX_TRACK_SECONDS, video.duration);
    const steps = Math.max(1, Math.floor((end - request.from) * TRACK_FPS));
    const samples: TrackSample[] = [];
    for (let step = 0; step <= steps; step += 1) {
      request.signal.throwIfAborted();
      const t = request.from + step / TRACK_FPS;
      await seek(video, t);
      context.drawImage(video, 0, 0, width, height);
      const pixels = context.getImageData(0, 0, width, height).data;
      const answer = await ask(
        worker,
        step === 0
          ? {
              type: 'start',
              width,
              height,
              pixels,
              x: (request.start.x / 100) * width,
              y: (request.start.y / 100) * height,
            }
          : { type: 'frame', width, height, pixels },
      );
      if (answer.type === 'error') throw new Error(answer.message);
      const point =
        answer.type === 'point'
          ? { x: (answer.x / width) * 100, y: (answer.y / height) * 100 }
          : request.start;
      samples.push({ t: Math.round(t * 1000) / 1000, ...point });
      request.onProgress((step + 1) / (steps + 1));
    }
    return samples;
  } finally {
    worker.terminate();
    video.removeAttribute('src');
    video.load();
  }
}
