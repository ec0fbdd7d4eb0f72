import type { TrackSample } from '@filmroom/contract';
import type { TrackerAnswer, TrackerRequest } from './point-tracker.worker';

/** Frames are followed at this width: plenty for a bar's end, and a 1080p frame costs a quarter. */
const WORK_WIDTH = 960;
/** The longest stretch one run follows: a set, not a whole session. */
export const MAX_TRACK_SECONDS = 10;
/**
 * How far from the playhead a tracked sample still counts as this frame's: a browser busy
 * while tracking may skip a few frames, and the coach must still find the point to correct.
 */
export const TRACK_SAMPLE_TOLERANCE = 0.15;
/** The frame rate speeds are rounded for: that of most phone and studio footage. */
export const TRACK_FPS = 30;

/**
 * Where a track picked at `from` stops: at the out point of the range marked with I and O when
 * the pick is inside it (the rep the coach wants, and no frames beyond it to wait for), else
 * after the longest run or at the clip's end.
 */
export function trackEnd(
  from: number,
  duration: number | null,
  marked: { start: number; end: number } | null,
): number {
  const longest = Math.min(duration ?? Infinity, from + MAX_TRACK_SECONDS);
  // A frame's slack: the player paused on the in point may read a hair before it.
  const inside = marked && from >= marked.start - 1 / TRACK_FPS && from < marked.end;
  return inside ? Math.min(marked.end, longest) : longest;
}

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

/**
 * Follows a picked point from `from` to `to`: a second, hidden <video> of the same file (the
 * one on screen stays where the coach left it) plays the stretch muted, and each frame it
 * presents is drawn to a canvas and handed to the worker. Playing, not seeking frame by frame:
 * a seek decodes from the last keyframe, and 300 of them took over a minute. A frame the
 * browser skips under load is not measured, and playback slows down so that the rest are;
 * each sample keeps its frame's own time.
 * Resolves with the path in percent of the picture.
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
    const pixelsNow = () => {
      context.drawImage(video, 0, 0, width, height);
      return context.getImageData(0, 0, width, height).data;
    };

    await seek(video, request.from);
    const samples: TrackSample[] = [{ t: round(video.currentTime), ...request.start }];
    const started = await ask(worker, {
      type: 'start',
      width,
      height,
      pixels: pixelsNow(),
      x: (request.start.x / 100) * width,
      y: (request.start.y / 100) * height,
      t: video.currentTime,
    });
    if (started.type === 'error') throw new Error(started.message);

    return await new Promise<TrackSample[]>((resolve, reject) => {
      // The worker answers in order: each answer is for the oldest frame still waiting.
      const waiting: number[] = [];
      let playing = true;
      const finish = (error?: Error) => {
        playing = false;
        video.pause();
        worker.onmessage = null;
        if (error) reject(error);
        else resolve(samples);
      };
      const finishWhenDrained = () => {
        if (!playing && waiting.length === 0) finish();
      };
      worker.onmessage = (event: MessageEvent<TrackerAnswer>) => {
        const answer = event.data;
        const t = waiting.shift()!;
        if (answer.type === 'error') return finish(new Error(answer.message));
        if (answer.type === 'point') {
          samples.push({ t: round(t), x: (answer.x / width) * 100, y: (answer.y / height) * 100 });
          request.onProgress(Math.min(1, (t - request.from) / (end - request.from)));
        }
        if (!playing && waiting.length === 0) resolve(samples);
      };
      request.signal.addEventListener(
        'abort',
        () => finish(new DOMException('Aborted', 'AbortError')),
        {
          once: true,
        },
      );
      let lastPresented: number | null = null;
      const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
        if (!playing) return;
        // Skipped frames or a worker falling behind: this device cannot track at this speed.
        // Playing slower keeps the rest of the frames, so a busy device measures as many.
        const skipped = lastPresented !== null && metadata.presentedFrames - lastPresented > 1;
        if ((skipped || waiting.length > MAX_FRAMES_WAITING) && video.playbackRate > MIN_RATE) {
          video.playbackRate = Math.max(MIN_RATE, video.playbackRate / 2);
        }
        lastPresented = metadata.presentedFrames;
        if (metadata.mediaTime > end + 1e-3) {
          playing = false;
          video.pause();
          return finishWhenDrained();
        }
        if (metadata.mediaTime > request.from + 1e-3) {
          waiting.push(metadata.mediaTime);
          const pixels = pixelsNow();
          worker.postMessage(
            {
              type: 'frame',
              width,
              height,
              pixels,
              t: metadata.mediaTime,
            } satisfies TrackerRequest,
            [pixels.buffer],
          );
        }
        video.requestVideoFrameCallback(onFrame);
      };
      video.addEventListener(
        'ended',
        () => {
          playing = false;
          finishWhenDrained();
        },
        { once: true },
      );
      video.requestVideoFrameCallback(onFrame);
      video.play().catch((error: unknown) => finish(error as Error));
    });
  } finally {
    worker.terminate();
    video.removeAttribute('src');
    video.load();
  }
}

/** Slowest playback while tracking: a quarter of real time (7 s of clip in half a minute). */
const MIN_RATE = 1 / 4;
/** Frames handed to the worker and not yet answered before playback slows down. */
const MAX_FRAMES_WAITING = 3;

const round = (t: number) => Math.round(t * 1000) / 1000;

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
