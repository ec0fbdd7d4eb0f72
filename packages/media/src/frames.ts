import { spawnTied } from '@filmroom/child-process';
import { ffmpegPath } from './tools';

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
  /** The video's own frame rate (the average, for variable-rate video); 0 when it does not say. */
  fps: number;
}

/** Seconds on the decoded timeline: `from` included, `to` not. */
export interface TimeRange {
  from: number;
  to: number;
}

export interface DecodeOptions {
  /**
   * Frames per second to sample: the first source frame at or after each multiple of 1/fps.
   * Omitted: every frame of the source, at its own rate.
   */
  fps?: number;
  /** Output width in pixels; never larger than the video itself. */
  width: number;
  /**
   * Only frames inside these ranges, sorted by time and not overlapping. Decoding seeks to the
   * first range and stops after the last, so a few short ranges cost little.
   */
  ranges?: TimeRange[];
  signal?: AbortSignal;
  /** Called once, when ffmpeg has printed the input header. */
  onHeader?: (header: VideoHeader) => void;
}

/** Frames decoded ahead of the consumer before ffmpeg's output is paused. */
const READ_AHEAD_FRAMES = 6;

/**
 * Slack, in seconds, for a frame time that sits on a sampling boundary: ffmpeg rounds times to
 * the stream's time base, so a frame meant to be at 0.2 s can come out a few microseconds early.
 */
const BOUNDARY_SLACK = 0.001;

/**
 * Decodes a video as raw RGB frames, streamed from ffmpeg's stdout so only a few frames are ever
 * in memory: at a fixed rate (`fps`), or every source frame (optionally inside time ranges).
 *
 * Sampling keeps real frames with their real times. The `select` filter keeps the first source
 * frame at or after each multiple of 1/fps; the `fps` filter would instead relabel frames with
 * the multiples themselves, and ffmpeg 4's picks the last frame before the next half step, so a
 * 30 fps clip sampled at 5 fps showed each instant two frames (67 ms) after its label. Real times
 * are what lets samples at different rates of one clip be merged.
 *
 * Timestamps: the `showinfo` filter prints each output frame's `pts` and the filter's time base.
 * We pair the n-th showinfo line with the n-th frame on stdout, so `t` is exactly the time
 * ffmpeg gave the frame, on the timeline that starts at 0 at the container's start time (ffmpeg
 * shifts it so). When seeking to a range, ffmpeg starts the timeline at the seek point, which is
 * added back. If a showinfo line were ever missing, `t` falls back to an estimate from the index.
 *
 * Rotation: ffmpeg autorotates by default, so a phone video with a rotate tag comes out upright
 * and `width`/`height` are those of the upright picture.
 */
export async function* decodeFrames(
  file: string,
  options: DecodeOptions,
): AsyncGenerator<VideoFrame> {
  const { fps, width, signal } = options;
  if (fps !== undefined && !(fps > 0)) throw new Error(`fps must be positive, got ${fps}`);
  const ranges = options.ranges?.filter((range) => range.to > range.from);
  if (ranges?.length === 0) return;
  signal?.throwIfAborted();
  const seek = ranges ? Math.max(0, ranges[0]!.from - BOUNDARY_SLACK) : 0;
  const end = ranges ? ranges.at(-1)!.to : Infinity;
  const inRanges = (t: number) =>
    !ranges ||
    ranges.some((range) => t >= range.from - BOUNDARY_SLACK && t < range.to - BOUNDARY_SLACK);
  const scaleWidth = Math.max(2, Math.round(width / 2) * 2);
  // Inside the filter graph `t` counts from the seek point.
  const selections: string[] = [];
  if (fps !== undefined) {
    const step = (time: string) => `floor((${time}+${BOUNDARY_SLACK})*${fps})`;
    selections.push(`isnan(prev_selected_t)+gt(${step('t')}\\,${step('prev_selected_t')})`);
  }
  if (ranges) {
    // A little wider than the ranges: the exact cut is made below, on the frames' own times.
    const pad = 0.01;
    const any = ranges
      .map(
        (r) =>
          `between(t\\,${(r.from - seek - pad).toFixed(4)}\\,${(r.to - seek + pad).toFixed(4)})`,
      )
      .join('+');
    selections.push(`gt(${any}\\,0)`);
  }
  const filters = [
    ...(selections.length > 0 ? [`select='${selections.map((s) => `(${s})`).join('*')}'`] : []),
    // Never upscale: a 426 px clip stays 426 px; `-2` keeps the aspect with an even height.
    `scale='min(${scaleWidth},iw)':-2`,
    'showinfo',
  ].join(',');
  // prettier-ignore
  const args = [
    '-hide_banner', '-nostdin',
    ...(seek > 0 ? ['-ss', seek.toFixed(6)] : []),
    '-i', file,
    ...(Number.isFinite(end) ? ['-t', (end - seek + 0.5).toFixed(6)] : []),
    '-an', '-sn', '-dn',
    '-vf', filters,
    // One output frame per selected frame: the raw muxer would otherwise repeat frames to make a
    // constant rate, and the frames on stdout would no longer pair with the showinfo lines.
    '-vsync', 'passthrough',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-',
  ];
  const child = spawnTied(await ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });

  let header: VideoHeader | undefined;
  let duration: { duration: number; start: number } | undefined;
  let size: { width: number; height: number } | undefined;
  let timeBase: number | undefined;
  const times: number[] = [];
  let stderrTail = '';
  let stderrLog = '';
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const ready: VideoFrame[] = [];
  let produced = 0;
  let decoded = 0;
  let finished = false;
  let pastTheEnd = false;
  let exitCode: number | null | undefined;
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

  const announce = (sourceFps: number) => {
    if (header) return;
    header = { duration: duration?.duration ?? 0, start: duration?.start ?? 0, fps: sourceFps };
    options.onHeader?.(header);
  };

  const cutFrames = () => {
    if (!size) return;
    const frameBytes = size.width * size.height * 3;
    // A frame is cut once its showinfo line has been read (stdout can run ahead of stderr), or
    // when ffmpeg has ended and no line will come.
    while (pendingBytes >= frameBytes && (times.length > decoded || exitCode !== undefined)) {
      const whole = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      const rest = whole.subarray(frameBytes);
      const n = decoded++;
      const t = times[n] ?? seek + n / (fps ?? (header?.fps || 30));
      if (inRanges(t)) {
        // A fresh ArrayBuffer per frame, so it can be transferred to a worker thread.
        const data = new Uint8Array(frameBytes);
        data.set(whole.subarray(0, frameBytes));
        ready.push({ index: produced++, t, width: size.width, height: size.height, data });
      } else if (t >= end - BOUNDARY_SLACK) {
        // Past the last range: nothing more is wanted.
        pastTheEnd = true;
        child.kill('SIGKILL');
      }
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
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
      if (!duration) {
        const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)(?:, start: (-?\d+(?:\.\d+)?))?/.exec(line);
        if (m) {
          duration = {
            duration: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
            start: m[4] ? Number(m[4]) : 0,
          };
        } else if (/Duration: N\/A/.test(line)) {
          duration = { duration: 0, start: 0 };
        }
      } else if (
        !header &&
        /Stream #\d+:\d+.*: Video:/.test(line) &&
        !line.includes('(attached pic)')
      ) {
        // The input's video stream comes first: "..., 29.97 fps, 29.97 tbr, ...".
        const rate = /(\d+(?:\.\d+)?)(k?) fps/.exec(line) ?? /(\d+(?:\.\d+)?)(k?) tbr/.exec(line);
        announce(rate ? Number(rate[1]) * (rate[2] ? 1000 : 1) : 0);
      }
      if (line.includes('Parsed_showinfo')) {
        announce(0);
        const base = /config in time_base: (\d+)\/(\d+)/.exec(line);
        if (base && Number(base[2]) > 0) timeBase = Number(base[1]) / Number(base[2]);
        const pts = /\bpts:\s*(-?\d+)/.exec(line);
        const time = /pts_time:\s*(-?\d+(?:\.\d+)?)/.exec(line);
        if (pts && timeBase !== undefined) times.push(seek + Number(pts[1]) * timeBase);
        else if (time) times.push(seek + Number(time[1]));
        const dims = /\bs:(\d+)x(\d+)/.exec(line);
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
      exitCode = code;
      cutFrames();
      // Stopped by us once past the last range is a normal end.
      if (code !== 0 && !failure && !pastTheEnd) {
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
  const child = spawnTied(
    await ffmpegPath(),
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
