import { MAX_SLOW_MOTION_FACTOR } from '@filmroom/contract';
import { MediaToolError, runMediaTool } from './run';
import { ffprobePath } from './tools';

export type MediaProbe = {
  container: string;
  /** True for QuickTime (.mov): same family as MP4, but not every browser plays it. */
  isQuickTime: boolean;
  duration: number | null;
  video: {
    codec: string;
    pixelFormat: string | null;
    /** Stored size, before rotation. */
    width: number;
    height: number;
    /** Degrees clockwise the picture must turn to show upright (phones film sideways). */
    rotation: number;
    /** Frames per second of playback (the average, for variable-rate video); null if unknown. */
    frameRate: number | null;
  } | null;
  audio: { codec: string } | null;
  /**
   * The file says it is slow motion: filmed at `captureFps` and played at the stream's rate,
   * `factor` times slower than life. Null when it does not say so (or says real time).
   */
  slowMotion: { factor: number; captureFps: number } | null;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
};
type FfprobeOutput = {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: FfprobeStream[];
};

export class UnreadableMediaError extends Error {}

/** What is in a media file, as ffprobe reads it. */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaProbe> {
  let output: FfprobeOutput;
  try {
    const json = await runMediaTool(
      await ffprobePath(),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal },
    );
    output = JSON.parse(json) as FfprobeOutput;
  } catch (error) {
    if (error instanceof MediaToolError) {
      throw new UnreadableMediaError(describeProbeFailure(error.stderr));
    }
    throw error;
  }

  const videoStream = output.streams?.find(
    (stream) => stream.codec_type === 'video' && !isCoverArt(stream),
  );
  const audioStream = output.streams?.find((stream) => stream.codec_type === 'audio');
  const duration = Number(output.format?.duration ?? videoStream?.duration);

  return {
    container: output.format?.format_name ?? 'unknown',
    isQuickTime: output.format?.tags?.major_brand?.trim() === 'qt',
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    video: videoStream
      ? {
          codec: videoStream.codec_name ?? 'unknown',
          pixelFormat: videoStream.pix_fmt ?? null,
          width: videoStream.width ?? 0,
          height: videoStream.height ?? 0,
          rotation: rotationOf(videoStream),
          frameRate: frameRateOf(videoStream),
        }
      : null,
    audio: audioStream ? { codec: audioStream.codec_name ?? 'unknown' } : null,
    slowMotion: videoStream ? slowMotionOf(output, videoStream) : null,
  };
}

/** "30000/1001" → 29.97; null for "0/0" or anything unreadable. */
function rate(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  const value = den === undefined ? num : (num ?? NaN) / den;
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

function frameRateOf(stream: FfprobeStream): number | null {
  return rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate);
}

/** The capture rate phones write beside the playback rate (Android: every recording has it). */
const CAPTURE_RATE_TAGS = ['com.android.capture.fps'];

/**
 * Slow motion, as the container states it. Android writes the sensor's capture rate
 * (`com.android.capture.fps`, 120 or 240) into a file whose stream plays at about 30 fps: the
 * ratio is how many times slower than life it plays. Normal recordings carry the tag too, equal
 * to the playback rate. Only what the file says counts: a high frame rate alone (an iPhone
 * original keeps its 240 fps with real-time timestamps, so it plays in real time once prepared)
 * or a variable rate (r_frame_rate far above avg_frame_rate, as screen recordings have) is not
 * slow motion.
 */
function slowMotionOf(output: FfprobeOutput, video: FfprobeStream) {
  const tags = [video.tags, output.format?.tags];
  let capture: number | null = null;
  for (const found of tags) {
    for (const [key, value] of Object.entries(found ?? {})) {
      if (CAPTURE_RATE_TAGS.includes(key.toLowerCase())) capture ??= rate(value);
    }
  }
  const playback = frameRateOf(video);
  if (!capture || !playback) return null;
  const ratio = capture / playback;
  // Variable-rate phone video drifts a little around its nominal rate (120 / 30.04): phones
  // film at whole multiples of the playback rate, so a ratio within 3 % of one is that one.
  const whole = Math.round(ratio);
  const factor = Math.abs(ratio - whole) <= 0.03 * ratio ? whole : Math.round(ratio * 100) / 100;
  if (factor < 1.5) return null;
  return { factor: Math.min(factor, MAX_SLOW_MOTION_FACTOR), captureFps: capture };
}

/** Width and height as the picture is shown, after rotation. */
export function displaySize(video: NonNullable<MediaProbe['video']>) {
  const sideways = Math.abs(video.rotation) % 180 === 90;
  return sideways
    ? { width: video.height, height: video.width }
    : { width: video.width, height: video.height };
}

function rotationOf(stream: FfprobeStream): number {
  const fromTag = Number(stream.tags?.rotate);
  if (Number.isFinite(fromTag) && fromTag !== 0) return ((fromTag % 360) + 360) % 360;
  // Newer tools report a display matrix instead. Its sign differs between ffmpeg versions;
  // only whether the picture turns sideways matters here (see displaySize).
  const fromMatrix = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  return fromMatrix ? ((-fromMatrix % 360) + 360) % 360 : 0;
}

function isCoverArt(stream: FfprobeStream): boolean {
  return ['mjpeg', 'png'].includes(stream.codec_name ?? '') && stream.duration === undefined;
}

function describeProbeFailure(stderr: string): string {
  if (/moov atom not found/i.test(stderr)) {
    return 'The file is incomplete: the upload or the recording was cut off before it finished.';
  }
  if (/Invalid data found when processing input/i.test(stderr)) {
    return 'The file could not be read as a video: it may be damaged or in a format we do not know.';
  }
  return 'The file could not be read as a video.';
}
