import type { RgbPicture } from '@filmroom/media';
import { rgbToLab } from './color-space';
import { JERSEY_COLORS } from './jersey-colors';
import type { JerseyColor } from './jersey-colors';
import type { JerseyColorReading } from './types';

/**
 * Below this chroma (CIELAB) a pixel has no hue worth naming: black, white, grey or shadow. Light
 * pixels need more: a white or cream shirt under warm light carries a tint of 10-20.
 */
function minChroma(lightness: number): number {
  return 14 + 0.25 * Math.max(0, lightness - 50);
}

function hasHue(lab: [number, number, number]): boolean {
  return Math.hypot(lab[1], lab[2]) >= minChroma(lab[0]);
}
/** A shirt is called coloured when at least this share of its pixels carries a hue. */
const COLOURED_SHARE = 0.3;

const chromatic = JERSEY_COLORS.filter((c) => !c.neutral).flatMap((c) =>
  [c.rgb, ...(c.shades ?? [])].map((rgb) => ({ color: c, lab: rgbToLab(...rgb) })),
);

function neutralByLightness(lightness: number): JerseyColor {
  const name = lightness >= 72 ? 'White' : lightness <= 30 ? 'Black' : 'Grey';
  return JERSEY_COLORS.find((c) => c.name === name)!;
}

/** Kovac's RGB skin rule: arms and necks show through the torso box and must not vote. */
function isSkin(r: number, g: number, b: number): boolean {
  return (
    r > 95 &&
    g > 40 &&
    b > 20 &&
    Math.max(r, g, b) - Math.min(r, g, b) > 15 &&
    Math.abs(r - g) > 15 &&
    r > g &&
    r > b
  );
}

/**
 * Names the dominant colour of a torso crop from the jersey colour list.
 *
 * Each pixel is put in CIELAB. Pixels with a hue vote for the nearest coloured jersey (lightness
 * counts half, as folds and shade change it more than the hue); if too few pixels carry a hue the
 * shirt is black, white or grey by its median lightness. Skin pixels are left out unless they are
 * most of the crop (then the shirt itself is skin-toned, e.g. orange or pink, and must vote).
 * Confidence is the winner's share of the votes, scaled down when the crop is small.
 */
export function dominantJerseyColor(crop: RgbPicture): JerseyColorReading | undefined {
  const pixels = crop.width * crop.height;
  if (pixels < 16) return undefined;
  // Sub-sample large crops: a few thousand pixels decide a colour as well as all of them.
  const step = Math.max(1, Math.floor(Math.sqrt(pixels / 4000)));
  const samples: { lab: [number, number, number]; skin: boolean }[] = [];
  for (let y = 0; y < crop.height; y += step) {
    for (let x = 0; x < crop.width; x += step) {
      const i = (y * crop.width + x) * 3;
      const r = crop.data[i]!;
      const g = crop.data[i + 1]!;
      const b = crop.data[i + 2]!;
      samples.push({ lab: rgbToLab(r, g, b), skin: isSkin(r, g, b) });
    }
  }
  const skinShare = samples.filter((s) => s.skin).length / samples.length;
  const voters = skinShare < 0.5 ? samples.filter((s) => !s.skin) : samples;
  if (voters.length === 0) return undefined;

  const hued = voters.filter((s) => hasHue(s.lab));
  const sizeFactor = Math.min(1, voters.length / 200);
  if (hued.length / voters.length >= COLOURED_SHARE) {
    const votes = new Map<string, number>();
    for (const { lab } of hued) {
      let best = chromatic[0]!;
      let bestDistance = Infinity;
      for (const ref of chromatic) {
        const d = Math.hypot((lab[0] - ref.lab[0]) * 0.5, lab[1] - ref.lab[1], lab[2] - ref.lab[2]);
        if (d < bestDistance) {
          bestDistance = d;
          best = ref;
        }
      }
      votes.set(best.color.name, (votes.get(best.color.name) ?? 0) + 1);
    }
    const [name, count] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]!;
    // Share of all voters, so a shirt half in shadow is named with less certainty.
    const share = count / voters.length;
    return { name, confidence: round2(Math.min(1, share / 0.7) * sizeFactor) };
  }
  const neutral = voters.filter((s) => !hasHue(s.lab));
  const lightness = neutral.map((s) => s.lab[0]).sort((a, b) => a - b);
  const median = lightness[Math.floor(lightness.length / 2)] ?? 50;
  const color = neutralByLightness(median);
  const agreeing = neutral.filter((s) => neutralByLightness(s.lab[0]).name === color.name).length;
  // A faint but steady tint (a blue-grey polo) makes "Grey" less certain: the mean a/b vector
  // stays long when the tint is consistent, and averages out when it is only noise.
  const tint =
    Math.hypot(
      neutral.reduce((sum, s) => sum + s.lab[1], 0) / neutral.length,
      neutral.reduce((sum, s) => sum + s.lab[2], 0) / neutral.length,
    ) / minChroma(median);
  return {
    name: color.name,
    confidence: round2(
      Math.min(1, agreeing / voters.length / 0.7) * (1 - 0.5 * Math.min(1, tint)) * sizeFactor,
    ),
  };
}

/**
 * One colour for a whole track from several torso crops: readings vote with their confidence,
 * and the result's confidence is the winner's share of that weight times its mean confidence.
 */
export function trackJerseyColor(readings: JerseyColorReading[]): JerseyColorReading | undefined {
  if (readings.length === 0) return undefined;
  const weight = new Map<string, number[]>();
  for (const r of readings) weight.set(r.name, [...(weight.get(r.name) ?? []), r.confidence]);
  const total = readings.reduce((s, r) => s + r.confidence, 0);
  if (total <= 0) return undefined;
  const [name, confidences] = [...weight.entries()].sort((a, b) => sum(b[1]) - sum(a[1]))[0]!;
  const share = sum(confidences) / total;
  const mean = sum(confidences) / confidences.length;
  return { name, confidence: round2(share * mean) };
}

function sum(values: number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
