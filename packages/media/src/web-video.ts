import { ffmpegProgress } from './ffmpeg-progress';
import { runMediaTool } from './run';
import { ffmpegPath } from './tools';
import type { MediaProbe } from './probe';
import { x264Args } from './encoder-profiles';

/** The longest side of a prepared video: 1080p, enough to coach from, light to stream. */
const MAX_LONG_SIDE = 1920;

export type WebVideoPlan =
  { kind: 'remux'; reason: string } | { kind: 'transcode'; reason: string };

/**
 * Every browser plays H.264 (8-bit 4:2:0) with AAC audio, or no audio, in MP4. Such a file
 * is only re-wrapped with its index at the front (faststart) so playback starts before the
 * download ends; anything else is transcoded.
 */
export function planWebVideo(probe: MediaProbe): WebVideoPlan {
  const video = probe.video!;
  if (video.codec !== 'h264') return { kind: 'transcode', reason: `video codec ${video.codec}` };
  if (video.pixelFormat !== 'yuv420p' && video.pixelFormat !== 'yuvj420p') {
    return { kind: 'transcode', reason: `pixel format ${video.pixelFormat}` };
  }
  if (probe.audio && probe.audio.codec !== 'aac') {
    return { kind: 'transcode', reason: `audio codec ${probe.audio.codec}` };
  }
  if (!probe.container.includes('mp4') || probe.isQuickTime) {
    return {
      kind: 'transcode',
      reason: `container ${probe.isQuickTime ? 'QuickTime' : probe.container}`,
    };
  }
  return { kind: 'remux', reason: 'already H.264/AAC in MP4' };
}

// Long side at most MAX_LONG_SIDE, never upscaled, both sides even (x264 needs it). Runs after
// ffmpeg's automatic rotation, so "long side" is the side people see as long.
const SCALE_FILTER =
  `scale=w='if(gte(iw,ih),min(iw,${MAX_LONG_SIDE}),-2)':h='if(gte(iw,ih),-2,min(ih,${MAX_LONG_SIDE}))',` +
  `scale=trunc(iw/2)*2:trunc(ih/2)*2`;

/** Writes the browser-ready MP4 to `output`, reporting progress from 0 to 1. */
export async function makeWebVideo(
  input: string,
  output: string,
  plan: WebVideoPlan,
  options: {
    duration: number | null;
    /** Nothing past this many seconds is written. */
    maxSeconds?: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<void> {
  const codecArgs =
    plan.kind === 'remux'
      ? ['-c', 'copy']
      : [...x264Args('web'), '-vf', SCALE_FILTER, '-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
  const args = [
    '-hide_banner',
    '-nostats',
    '-y',
    '-i',
    input,
    // The first video and (if any) first audio track; data and subtitle tracks stay behind.
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...codecArgs,
    ...(options.maxSeconds ? ['-t', String(options.maxSeconds)] : []),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    output,
  ];
  await runMediaTool(await ffmpegPath(), args, {
    signal: options.signal,
    onStdoutLine: (line) => {
      const progress = ffmpegProgress(line, options.duration ?? 0);
      if (progress !== null) options.onProgress?.(progress);
    },
  });
}

/** A JPEG still from the prepared video, its long side at most `longSide` pixels. */
export async function makeStill(
  input: string,
  output: string,
  options: { atSeconds: number; longSide: number; signal?: AbortSignal },
): Promise<void> {
  const { longSide } = options;
  await runMediaTool(
    await ffmpegPath(),
    [
      '-hide_banner',
      '-nostats',
      '-y',
      '-ss',
      options.atSeconds.toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=w='if(gte(iw,ih),min(iw,${longSide}),-2)':h='if(gte(iw,ih),-2,min(ih,${longSide}))'`,
      '-q:v',
      '3',
      output,
    ],
    { signal: options.signal },
  );
}
