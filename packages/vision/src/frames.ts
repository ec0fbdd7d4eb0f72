import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg';

/** One decoded picture as packed RGB (3 bytes a pixel, rows top to bottom). */
export interface RgbPicture {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface VideoFrame extends RgbPicture {
  /** Position in the decoded sequence, from 0. */
  index: number;
  /** Presentation time in seconds, as ffmpeg assigned it to this output frame. */
  t: number;
}

export interface VideoHeader {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Container start time in seconds (usually 0). */
  start: number;
}

export interface DecodeOptions {
  /** Frames per second to sample. */
  fps: number;
  /** Output width in pixels; never larger than the video itself. */
  width: number;
  signal?: AbortSignal;
  /** Called once, when ffmpeg has printed the input header. */
  onHeader?: (header: VideoHeader) => void;
}

/** Frames decoded ahead of the consumer before ffmpeg's output is paused. */
const READ_AHEAD_FRAMES = 6;

/**
 * Decodes a video as raw RGB frames at a fixed rate, streamed from ffmpeg's stdout so only a few
 * frames are ever in memory.
 *
 * Timestamps: the `fps` filter resamples to a constant rate, and the `showinfo` filter after it
 * prints each output frame's `pts_time`. We pair the n-th showinfo line with the n-th frame on
 * stdout, so `t` is exactly the time ffmpeg gave the frame (start offset included) rather than a
 * recomputation that could drift from it. If a showinfo line were ever missing, `t` falls back to
 * `start + index / fps`, which is what the fps filter assigns.
 *
 * Rotation: ffmpeg autorotates by default, so a phone video with a rotate tag comes out upright
 * and `width`/`height` are those of the upright picture.
 */
export async function* decodeFrames(
  file: string,
  options: DecodeOptions,
): AsyncGenerator<VideoFrame> {
  const { fps, width, signal } = options;
  if (!(fps > 0)) throw new Error(`fps must be positive, got ${fps}`);
  signal?.throwIfAborted();
  const scaleWidth = Math.max(2, Math.round(width / 2) * 2);
  const filters = [
    `fps=${fps}`,
    // Never upscale: a 426 px clip stays 426 px; `-2` keeps the aspect with an even height.
    `scale='min(${scaleWidth},iw)':-2`,
    'showinfo',
  ].join(',');
  const child = spawn(
    ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-i',
      file,
      '-an',
      '-sn',
      '-dn',
      '-vf',
      filters,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );

  let header: VideoHeader | undefined;
  let size: { width: number; height: number } | undefined;
  const times: number[] = [];
  let stderrTail = '';
  let stderrLog = '';
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const ready: VideoFrame[] = [];
  let produced = 0;
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  const onAbort = () => {
    failure = signal?.reason instanceof Error ? signal.reason : new Error('aborted');
    child.kill('SIGKILL');
    notify();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const cutFrames = () => {
    if (!size) return;
    const frameBytes = size.width * size.height * 3;
    while (pendingBytes >= frameBytes) {
      const whole = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      // A fresh ArrayBuffer per frame, so it can be transferred to a worker thread.
      const data = new Uint8Array(frameBytes);
      data.set(whole.subarray(0, frameBytes));
      const rest = whole.subarray(frameBytes);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      const index = produced++;
      const start = header?.start ?? 0;
      const t = times[index] ?? start + index / fps;
      ready.push({ index, t, width: size.width, height: size.height, data });
    }
    if (ready.length >= READ_AHEAD_FRAMES) child.stdout.pause();
    notify();
  };

  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    const text = stderrTail + chunk;
    const lines = text.split(/\r?\n|\r/);
    stderrTail = lines.pop() ?? '';
    for (const line of lines) {
      if (!header) {
        const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)(?:, start: (-?\d+(?:\.\d+)?))?/.exec(line);
        if (m) {
          header = {
            duration: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
            start: m[4] ? Number(m[4]) : 0,
          };
          options.onHeader?.(header);
        } else if (/Duration: N\/A/.test(line)) {
          header = { duration: 0, start: 0 };
          options.onHeader?.(header);
        }
      }
      if (line.includes('Parsed_showinfo')) {
        const time = /pts_time:\s*(-?\d+(?:\.\d+)?)/.exec(line);
        const dims = /\bs:(\d+)x(\d+)/.exec(line);
        if (time) times.push(Number(time[1]));
        if (!size && dims) size = { width: Number(dims[1]), height: Number(dims[2]) };
        cutFrames();
      } else if (stderrLog.length < 4000) {
        stderrLog += line + '\n';
      }
    }
  });
  child.stdout.on('data', (chunk: Buffer) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    cutFrames();
  });
  const exited = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      failure ??= error;
      finished = true;
      notify();
      resolve();
    });
    child.on('close', (code) => {
      cutFrames();
      if (code !== 0 && !failure) {
        failure = new Error(`ffmpeg exited with ${code}: ${stderrLog.slice(-1500)}`);
      }
      finished = true;
      notify();
      resolve();
    });
  });

  try {
    for (;;) {
      if (ready.length > 0) {
        const frame = ready.shift()!;
        if (ready.length < READ_AHEAD_FRAMES) child.stdout.resume();
        yield frame;
        continue;
      }
      if (failure) throw failure;
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (failure) throw failure;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Decodes a still picture (JPEG, PNG, WebP...) from a file or bytes to RGB with ffmpeg, so photos
 * need no image library. `maxWidth` bounds the work for large camera photos.
 */
export async function decodePicture(
  source: string | Uint8Array,
  maxWidth = 1280,
): Promise<RgbPicture> {
  const fromBytes = typeof source !== 'string';
  const evenWidth = Math.max(2, Math.round(maxWidth / 2) * 2);
  const child = spawn(
    ffmpegPath,
    [
      '-hide_banner',
      '-i',
      fromBytes ? 'pipe:0' : source,
      '-frames:v',
      '1',
      '-vf',
      `scale='min(${evenWidth},iw)':-2,showinfo`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { stdio: [fromBytes ? 'pipe' : 'ignore', 'pipe', 'pipe'] },
  );
  const out: Buffer[] = [];
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (log += chunk));
  if (fromBytes && child.stdin) {
    child.stdin.on('error', () => {
      // ffmpeg may close stdin once it has the one frame it needs.
    });
    child.stdin.end(Buffer.from(source.buffer, source.byteOffset, source.byteLength));
  }
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const dims = /Parsed_showinfo.*?\bs:(\d+)x(\d+)/.exec(log);
  if (code !== 0 || !dims) throw new Error(`could not decode picture: ${log.slice(-800)}`);
  const width = Number(dims[1]);
  const height = Number(dims[2]);
  const bytes = Buffer.concat(out);
  if (bytes.length < width * height * 3) throw new Error('picture decoded short');
  const data = new Uint8Array(width * height * 3);
  data.set(bytes.subarray(0, data.length));
  return { width, height, data };
}
