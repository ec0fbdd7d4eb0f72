import { POSE_KEYPOINT_ORDER, POSE_LIMB_NAMES, type Poses } from '@filmroom/contract';
import type { FrameSize } from './overlay-svg';

type Sample = Poses['tracks'][number]['samples'][number];

// The player's skeleton (the web's pose-skeleton lib and pose overlay): the COCO limbs, left
// and right in their own colours, keypoints the model doubted left out.
const MIN_KEYPOINT_SCORE = 0.3;
const LIMBS = POSE_LIMB_NAMES.map(
  ([a, b]) => [POSE_KEYPOINT_ORDER.indexOf(a), POSE_KEYPOINT_ORDER.indexOf(b)] as const,
);
type Rgb = readonly [number, number, number];
const LEFT: Rgb = [0x38, 0xbd, 0xf8];
const RIGHT: Rgb = [0xe8, 0x79, 0xf9];
const CENTRE: Rgb = [0xff, 0xff, 0xff];
const colourOf = (...indexes: number[]): Rgb => {
  const names = indexes.map((index) => POSE_KEYPOINT_ORDER[index] ?? '');
  if (names.every((name) => name.startsWith('left_'))) return LEFT;
  if (names.every((name) => name.startsWith('right_'))) return RIGHT;
  return CENTRE;
};

/** The sample of each track nearest the time, within one scan frame (else the track is absent). */
export function poseSamplesAt(poses: Poses, time: number): Sample[] {
  const maxGap = (poses.fps > 0 ? 1 / poses.fps : 0.2) + 1e-6;
  const found: Sample[] = [];
  for (const { samples } of poses.tracks) {
    let low = 0;
    let high = samples.length - 1;
    if (high < 0) continue;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (samples[middle]!.t < time) low = middle + 1;
      else high = middle;
    }
    const after = samples[low]!;
    const before = low > 0 ? samples[low - 1]! : after;
    const best = Math.abs(before.t - time) <= Math.abs(after.t - time) ? before : after;
    if (Math.abs(best.t - time) <= maxGap) found.push(best);
  }
  return found;
}

/** Blends one straight-alpha colour over the pixel at `offset` of an RGBA buffer. */
function blend(buffer: Uint8Array, offset: number, colour: Rgb, alpha: number) {
  const below = buffer[offset + 3]! / 255;
  const out = alpha + below * (1 - alpha);
  if (out <= 0) return;
  for (let channel = 0; channel < 3; channel++) {
    buffer[offset + channel] = Math.round(
      (colour[channel]! * alpha + buffer[offset + channel]! * below * (1 - alpha)) / out,
    );
  }
  buffer[offset + 3] = Math.round(out * 255);
}

/**
 * Paints a round-capped segment `width` pixels wide, its edge smoothed over one pixel: only the
 * pixels of its bounding box are visited, so a frame's skeleton costs a few milliseconds.
 */
function paintSegment(
  buffer: Uint8Array,
  size: FrameSize,
  from: { x: number; y: number },
  to: { x: number; y: number },
  width: number,
  colour: Rgb,
  opacity: number,
) {
  const radius = width / 2;
  const left = Math.max(0, Math.floor(Math.min(from.x, to.x) - radius - 1));
  const right = Math.min(size.width - 1, Math.ceil(Math.max(from.x, to.x) + radius + 1));
  const top = Math.max(0, Math.floor(Math.min(from.y, to.y) - radius - 1));
  const bottom = Math.min(size.height - 1, Math.ceil(Math.max(from.y, to.y) + radius + 1));
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const lengthSquared = dx * dx + dy * dy;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const px = x + 0.5 - from.x;
      const py = y + 0.5 - from.y;
      const along =
        lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
      const ex = px - along * dx;
      const ey = py - along * dy;
      const distance = Math.sqrt(ex * ex + ey * ey);
      const coverage = Math.min(1, Math.max(0, radius + 0.5 - distance));
      if (coverage > 0) blend(buffer, (y * size.width + x) * 4, colour, coverage * opacity);
    }
  }
}

/** Draws the skeletons of `samples` (keypoints as fractions of the frame) into an RGBA frame. */
export function paintSkeletons(buffer: Uint8Array, size: FrameSize, samples: readonly Sample[]) {
  const scale = size.height / 720;
  const limbWidth = 3 * scale;
  for (const sample of samples) {
    const points = sample.keypoints.map(([x, y, score]) =>
      score >= MIN_KEYPOINT_SCORE ? { x: x * size.width, y: y * size.height } : null,
    );
    // A dark edge under every limb stands in for the player's drop shadow.
    for (const pass of ['edge', 'colour'] as const) {
      for (const [a, b] of LIMBS) {
        const from = points[a];
        const to = points[b];
        if (!from || !to) continue;
        if (pass === 'edge')
          paintSegment(buffer, size, from, to, limbWidth + 2 * scale, [0, 0, 0], 0.5);
        else paintSegment(buffer, size, from, to, limbWidth, colourOf(a, b), 0.9);
      }
    }
    points.forEach((point, index) => {
      if (!point) return;
      paintSegment(buffer, size, point, point, 7 * scale + 2, [0, 0, 0], 0.5);
      paintSegment(buffer, size, point, point, 7 * scale, colourOf(index), 1);
    });
  }
}
