import { spawnTied } from '@filmroom/child-process';
import type { Poses } from '@filmroom/contract';
import { ffmpegProgress } from '../ffmpeg-progress';
import { loadSharp } from '../load-sharp';
import { MediaToolError } from '../run';
import { ffmpegPath } from '../tools';
import { svgDocument, type FrameSize } from './overlay-svg';
import { paintSkeletons, poseSamplesAt } from './pose-raster';
import { x264Args } from '../encoder-profiles';

/** Something drawn over the picture from `from` to `to` (seconds of the source video). */
export type ExportStill = { from: number; to: number; svg: string };

export type ExportRender = {
  /** The prepared source video. */
  input: string;
  output: string;
  /** The range of the source to export, in seconds. */
  start: number;
  end: number;
  /** The exported picture's size (even numbers); the source is scaled to it. */
  size: FrameSize;
  /** SVG elements (see overlay-svg) over the frame while their time lasts. */
  stills: readonly ExportStill[];
  /** Skeletons drawn on every frame from these measured poses (source times). */
  poses?: Poses | null;
  /**
   * SVG elements drawn afresh for each overlay frame at its source time (measurements' trails
   * and values, which change every frame); empty where there is nothing to draw.
   */
  frameSvg?: ((time: number) => string) | null;
  /** Voice notes mixed in: each file starts playing at `at` (source seconds). */
  voiceNotes: readonly { path: string; at: number }[];
  /** Whether the source has sound to keep under the voice notes. */
  sourceHasAudio: boolean;
  /**
   * For a part of a joined export: the frame every part shares, the picture (`size`) centred in
   * it on black, at a steady frame rate and always with a sound track, so the parts join
   * without re-encoding (see joinExportParts).
   */
  canvas?: FrameSize;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
};

/**
 * The overlay is a second video of RGBA frames made here and piped to ffmpeg. Fifteen a second
 * follows the skeleton as closely as the scan measured it (5 a second, denser in fast moves)
 * while costing a third of drawing every frame of a 30 fps source; ffmpeg holds each overlay
 * frame over the source frames until the next.
 */
const OVERLAY_FPS = 15;
// The steady frame rate of a joined export's parts: sources of different rates must agree.
const PART_FPS = 30;

/** The largest exported picture: 720p keeps the render quick and the file easy to send. */
export const EXPORT_MAX_LONG_SIDE = 1280;

/** The exported size of a source picture: its long side at most 1280, both sides even. */
export function exportSize(source: FrameSize): FrameSize {
  const scale = Math.min(1, EXPORT_MAX_LONG_SIDE / Math.max(source.width, source.height));
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(source.width), height: even(source.height) };
}

/** The largest size of `source`'s shape that fits within `frame`, both sides even. */
export function fitWithin(source: FrameSize, frame: FrameSize): FrameSize {
  const scale = Math.min(frame.width / source.width, frame.height / source.height);
  const even = (value: number, most: number) =>
    Math.min(most, Math.max(2, Math.round((value * scale) / 2) * 2));
  return { width: even(source.width, frame.width), height: even(source.height, frame.height) };
}

/** Rasterises the stills showing at each moment, once per distinct set. */
class OverlayFrames {
  private readonly cache = new Map<string, Uint8Array>();
  private readonly empty: Uint8Array;

  constructor(
    private readonly stills: readonly ExportStill[],
    private readonly size: FrameSize,
    private readonly frameSvg: ((time: number) => string) | null = null,
  ) {
    this.empty = new Uint8Array(size.width * size.height * 4);
  }

  /** The last frame drawn with skeletons, reused while neither its stills nor its samples change. */
  private last: { stills: Uint8Array; samples: readonly object[]; frame: Uint8Array } | null = null;

  private async stillsAt(time: number): Promise<Uint8Array> {
    const showing = this.stills.filter((still) => time >= still.from && time < still.to);
    // This frame's own drawing goes over the stills, in the same raster.
    const own = this.frameSvg?.(time) ?? '';
    if (showing.length === 0 && !own) return this.empty;
    const key = showing.map((still) => this.stills.indexOf(still)).join(',') + own;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const svg = svgDocument(showing.map((still) => still.svg).join('') + own, this.size);
    const sharp = await loadSharp();
    const raster = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
    const layer = new Uint8Array(raster.buffer, raster.byteOffset, raster.byteLength);
    // A few sets at a time are all a range ever needs again: keep memory flat on long exports.
    if (this.cache.size > 8) this.cache.clear();
    this.cache.set(key, layer);
    return layer;
  }

  async at(time: number, poses: Poses | null | undefined): Promise<Uint8Array> {
    const stills = await this.stillsAt(time);
    const samples = poses ? poseSamplesAt(poses, time) : [];
    if (samples.length === 0) return stills;
    const last = this.last;
    // The scan measures a few times a second, the overlay goes at 15: most frames repeat.
    if (
      last &&
      last.stills === stills &&
      last.samples.length === samples.length &&
      last.samples.every((sample, index) => sample === samples[index])
    ) {
      return last.frame;
    }
    // A fresh buffer (a copy, not an element-by-element walk): the one written last may still
    // be queued for ffmpeg.
    const frame = new Uint8Array(stills);
    paintSkeletons(frame, this.size, samples);
    this.last = { stills, samples, frame };
    return frame;
  }
}

/** The audio filters: the source's sound and each voice note at its moment, mixed. */
function audioGraph(render: ExportRender, firstVoiceInput: number) {
  const length = render.end - render.start;
  const labels: string[] = [];
  const filters: string[] = [];
  if (render.sourceHasAudio) labels.push('[0:a]');
  render.voiceNotes.forEach((note, index) => {
    const delayMs = Math.max(0, Math.round((note.at - render.start) * 1000));
    const label = `[voice${index}]`;
    filters.push(
      `[${firstVoiceInput + index}:a]aresample=48000,aformat=channel_layouts=stereo,adelay=${delayMs}|${delayMs}${label}`,
    );
    labels.push(label);
  });
  if (labels.length === 0) {
    // A part of a joined export needs a sound track even when it has nothing to say.
    return render.canvas ? `anullsrc=r=48000:cl=stereo,atrim=0:${length.toFixed(3)}[a]` : null;
  }
  if (labels.length === 1) {
    filters.push(
      `${labels[0]}aresample=48000,aformat=channel_layouts=stereo,apad,atrim=0:${length.toFixed(3)}[a]`,
    );
    return filters.join(';');
  }
  // A plain sum: a voice note must not halve the match sound while it plays, nor the reverse.
  // amix divides by its inputs (normalize=0 came in FFmpeg 4.4; npm's static build is 4.1):
  // padded, every input lasts to the end, so it divides by all of them throughout and volume
  // multiplies back exactly.
  const padded = labels.map((label, index) => {
    filters.push(`${label}aresample=48000,aformat=channel_layouts=stereo,apad[padded${index}]`);
    return `[padded${index}]`;
  });
  filters.push(
    `${padded.join('')}amix=inputs=${labels.length}:duration=longest,volume=${labels.length},atrim=0:${length.toFixed(3)}[a]`,
  );
  return filters.join(';');
}

/**
 * Renders an H.264/AAC MP4 of a range of the source with the overlays burned in and the voice
 * notes mixed into its sound, reporting progress from 0 to 1.
 */
export async function renderExport(render: ExportRender): Promise<void> {
  const { size, start, end, signal } = render;
  const length = end - start;
  const frames = new OverlayFrames(render.stills, size, render.frameSvg);
  const voiceInputs = render.voiceNotes.flatMap((note) => ['-i', note.path]);
  const audio = audioGraph(render, 2);
  const { canvas } = render;
  const framing = canvas
    ? `,pad=${canvas.width}:${canvas.height}:(ow-iw)/2:(oh-ih)/2:black,fps=${PART_FPS}`
    : '';
  const video =
    `[0:v]scale=${size.width}:${size.height},setsar=1[base];` +
    `[base][1:v]overlay=0:0:eof_action=repeat:format=auto${framing},format=yuv420p[v]`;
  const args = [
    '-hide_banner',
    '-nostats',
    '-y',
    '-ss',
    start.toFixed(3),
    '-t',
    length.toFixed(3),
    '-i',
    render.input,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${size.width}x${size.height}`,
    '-r',
    String(OVERLAY_FPS),
    '-i',
    'pipe:0',
    ...voiceInputs,
    '-filter_complex',
    audio ? `${video};${audio}` : video,
    '-map',
    '[v]',
    ...(audio ? ['-map', '[a]', '-c:a', 'aac', '-b:a', '128k'] : []),
    ...x264Args('export'),
    // Parts joined later must share one time base, whatever their sources' rates were.
    ...(canvas ? ['-video_track_timescale', '90000'] : []),
    '-t',
    length.toFixed(3),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    render.output,
  ];
  const child = spawnTied(await ffmpegPath(), args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    signal,
    killSignal: 'SIGKILL',
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const progress = ffmpegProgress(line, length);
      if (progress !== null) render.onProgress?.(progress);
    }
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // ffmpeg may stop reading (it failed, or was killed): the writer then just stops.
  child.stdin.on('error', () => undefined);

  const writeOverlay = async () => {
    const count = Math.ceil(length * OVERLAY_FPS) + 1;
    for (let index = 0; index < count; index++) {
      if (signal?.aborted || child.stdin.destroyed) return;
      const frame = await frames.at(start + index / OVERLAY_FPS, render.poses);
      if (!child.stdin.write(frame)) {
        await new Promise<void>((resolve) => {
          const go = () => {
            child.stdin.off('drain', go);
            child.stdin.off('close', go);
            resolve();
          };
          child.stdin.on('drain', go);
          child.stdin.on('close', go);
        });
      }
    }
    child.stdin.end();
  };
  const [code] = await Promise.all([exited, writeOverlay()]);
  if (signal?.aborted) throw signal.reason ?? new Error('the export was stopped');
  if (code !== 0) throw new MediaToolError(`ffmpeg exited with ${code}`, stderr);
}
