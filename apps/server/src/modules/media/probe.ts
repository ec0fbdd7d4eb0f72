import { FFPROBE_PATH, MediaToolError, runMediaTool } from './ffmpeg';

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
  } | null;
  audio: { codec: string } | null;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
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
      FFPROBE_PATH,
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
        }
      : null,
    audio: audioStream ? { codec: audioStream.codec_name ?? 'unknown' } : null,
  };
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
