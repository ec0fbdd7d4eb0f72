import { displaySize, ffmpegPath, probeMedia, runMediaTool, x264Args } from '@filmroom/media';
import type { ClipLabel } from './evaluate';
import type { VisionScan } from '@filmroom/vision';

/**
 * The ways a clip is re-filmed at run time to prove the reading does not depend on how it was
 * filmed (issue 27 item 3): the same movement, slowed as phone slow motion plays, with the other
 * hand, small in the frame, at a lower frame rate, and on a tilted hand-held phone.
 */
export const VARIANT_KINDS = [
  'slowed_x0.5',
  'slowed_x0.4',
  'mirrored',
  'small',
  '15fps',
  'tilted_+8',
  'tilted_-8',
] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** How many times longer the variant's timeline is than the original's (labels scale by it). */
export function timeScale(kind: VariantKind): number {
  if (kind === 'slowed_x0.5') return 2;
  if (kind === 'slowed_x0.4') return 2.5;
  return 1;
}

export const isSlowed = (kind: VariantKind) => timeScale(kind) !== 1;

/** The height, as a share of the frame, the athlete has in the "small" variant. */
const SMALL_ATHLETE_HEIGHT = 1 / 3;
const TILT_DEGREES = 8;
const LOW_FRAME_RATE = 15;

/**
 * The main athlete's median box height (fraction of the frame) in a scan: the track seen
 * longest, which is who the evaluation judges. Read from the scan, not the coach, so the
 * variant (and its cache key) does not change when recognition does.
 */
function mainAthleteHeight(scan: VisionScan): number | null {
  const main = [...scan.tracks].sort((a, b) => b.samples.length - a.samples.length)[0];
  if (!main?.samples.length) return null;
  const heights = main.samples.map((s) => s.box[3]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]!;
}

/** How much the "small" variant scales the picture down: at most 1 (never up). */
export function smallScale(scan: VisionScan): number {
  const height = mainAthleteHeight(scan);
  if (!height) return 1;
  return Math.min(1, SMALL_ATHLETE_HEIGHT / height);
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * Whether a variant would show the very same picture as the original (so its scan is the
 * original's): a clip already at or under 15 fps, an athlete already a third of the frame or less.
 */
export function sameAsOriginal(
  kind: VariantKind,
  source: { frameRate: number | null; smallScale: number },
): boolean {
  if (kind === '15fps') return (source.frameRate ?? Infinity) <= LOW_FRAME_RATE + 0.01;
  if (kind === 'small') return source.smallScale > 0.97;
  return false;
}

/** The ffmpeg video filter and output frame rate that make a variant of a clip. */
async function variantFilter(
  file: string,
  kind: VariantKind,
  smallScaleFactor: number,
): Promise<{ filter: string; frameRate: number | null }> {
  const probe = await probeMedia(file);
  if (!probe.video) throw new Error(`${file} has no video stream`);
  const frameRate = probe.video.frameRate;
  const size = displaySize(probe.video);
  const width = even(size.width);
  const height = even(size.height);
  // Phone slow motion plays at the normal frame rate: the timeline stretches, frames repeat.
  if (isSlowed(kind)) return { filter: `setpts=${timeScale(kind)}*PTS`, frameRate };
  if (kind === 'mirrored') return { filter: 'hflip', frameRate: null };
  if (kind === '15fps') return { filter: `fps=${LOW_FRAME_RATE}`, frameRate: null };
  if (kind === 'small') {
    const w = even(size.width * smallScaleFactor);
    const h = even(size.height * smallScaleFactor);
    return {
      filter: `scale=${w}:${h},pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:black`,
      frameRate: null,
    };
  }
  const sign = kind === 'tilted_+8' ? 1 : -1;
  return {
    filter: `rotate=${sign * TILT_DEGREES}*PI/180:fillcolor=black,scale=${width}:${height}`,
    frameRate: null,
  };
}

/** Writes the variant of `file` to `output` (H.264, fast, no sound). */
export async function makeVariant(
  file: string,
  kind: VariantKind,
  output: string,
  smallScaleFactor: number,
): Promise<void> {
  const { filter, frameRate } = await variantFilter(file, kind, smallScaleFactor);
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner',
    '-nostats',
    '-y',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    filter,
    ...(frameRate ? ['-r', String(frameRate)] : []),
    ...x264Args('study'),
    output,
  ]);
}

/** The frame rate a clip plays at, for `sameAsOriginal`. */
export async function sourceFrameRate(file: string): Promise<number | null> {
  return (await probeMedia(file)).video?.frameRate ?? null;
}

/**
 * A clip's labels as they apply to its variant. Slowed: every time and tolerance stretches with
 * the timeline. 15 fps: a moment between two frames 67 ms apart can be seen at best half a
 * frame off, so no tolerance is tighter than that. The others keep the original's timeline.
 */
export function variantLabel(label: ClipLabel, kind: VariantKind): ClipLabel {
  const scale = timeScale(kind);
  const floor = kind === '15fps' ? 1 / (2 * LOW_FRAME_RATE) : 0;
  const tol = (t: number) => Math.max(t * scale, floor);
  return {
    ...label,
    reps: label.reps && {
      ...label.reps,
      times_s: label.reps.times_s.map((t) => t * scale),
      tol_s: Array.isArray(label.reps.tol_s) ? label.reps.tol_s.map(tol) : tol(label.reps.tol_s),
    },
    events: label.events?.map((e) => ({ ...e, t: e.t * scale, tol: tol(e.tol) })),
  };
}
