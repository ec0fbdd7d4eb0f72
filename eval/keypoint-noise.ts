/**
 * How much the keypoints a hold keeps in place jitter while the athlete is still, on every
 * labelled clip and each of its variants already scanned (it never starts a scan): the hips in
 * body lengths, the wrists in trunks, each as the distance from the window's median position,
 * on the paths the coach reads holds from (stillness.ts). Still windows are the labelled holds
 * (trimmed at both ends) and, in every clip, the quietest second of video. The holds' reach is
 * set as a stated multiple of these figures.
 *
 *   npm run eval:noise [-- name-filter]
 */
import { analysePoses } from '@filmroom/coach';
import { holdPaths } from '@filmroom/coach/testing';
import { labelledClips } from './fixtures';
import { storedScan } from './scan-cache';
import { timeScale, VARIANT_KINDS, variantLabel, type VariantKind } from './variants';

type Point = { x: number; y: number };

const filter = process.argv.slice(2).find((a) => !a.startsWith('--'));
const settings = { fps: Number(process.env.SCAN_FPS ?? 5) };
// A hold lasts at least a second (stillness.ts): the quietest such window is the noise floor.
const WINDOW_SECONDS = 1;
// Labelled hold edges are the move starting or ending: trimmed off, it is the pose held.
const HOLD_TRIM_SECONDS = 0.2;

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Each seen point's distance from the median position of those seen. */
function spread(points: (Point | undefined)[]): number[] {
  const seen = points.filter((p): p is Point => !!p);
  if (!seen.length) return [];
  const centre = { x: middle(seen.map((p) => p.x)), y: middle(seen.map((p) => p.y)) };
  return seen.map((p) => Math.hypot(p.x - centre.x, p.y - centre.y));
}

/** The distances in the window from `start` to `end` seconds, every path apart. */
function distancesIn(times: number[], paths: (Point | undefined)[][], start: number, end: number) {
  const inside = times.flatMap((t, i) => (t >= start && t <= end ? [i] : []));
  return paths.flatMap((path) => spread(inside.map((i) => path[i])));
}

/** The distances in the second-long window whose furthest point is nearest its median. */
function quietestSecond(times: number[], paths: (Point | undefined)[][]): number[] {
  let best: number[] = [];
  for (const start of times) {
    if (start + WINDOW_SECONDS > times.at(-1)!) break;
    const distances = distancesIn(times, paths, start, start + WINDOW_SECONDS);
    if (distances.length < 3) continue;
    if (!best.length || Math.max(...distances) < Math.max(...best)) best = distances;
  }
  return best;
}

/** The labelled holds (a `…_hold_start` and its `…_hold_end`), trimmed at both ends. */
function labelledHolds(events: { name: string; t: number }[], scale: number) {
  return events.flatMap((start) => {
    if (!start.name.endsWith('_hold_start')) return [];
    const end = events.find((e) => e.name === start.name.replace(/_start$/, '_end'));
    const trim = HOLD_TRIM_SECONDS * scale;
    return end && end.t - start.t > 2 * trim ? [{ start: start.t + trim, end: end.t - trim }] : [];
  });
}

type Row = { clip: string; kind: VariantKind | 'original'; hip: number[]; wrist: number[] };
const quiet: Row[] = [];
const held: Row[] = [];
const missing: string[] = [];

for (const { clip, file, label } of (await labelledClips()).filter(
  (c) => !filter || c.clip.includes(filter),
)) {
  for (const kind of ['original', ...VARIANT_KINDS] as const) {
    const scan = await storedScan(file, kind, settings);
    if (!scan) {
      missing.push(`${clip} [${kind}]`);
      continue;
    }
    const main = analysePoses(scan).readings[0];
    const paths = main && holdPaths(scan, main.trackId);
    if (!paths) continue;
    quiet.push({
      clip,
      kind,
      hip: quietestSecond(paths.times, [paths.hips]),
      wrist: quietestSecond(paths.times, paths.wrists),
    });
    const events = (kind === 'original' ? label : variantLabel(label, kind)).events ?? [];
    const holds = labelledHolds(events, kind === 'original' ? 1 : timeScale(kind));
    if (holds.length) {
      held.push({
        clip,
        kind,
        hip: holds.flatMap((h) => distancesIn(paths.times, [paths.hips], h.start, h.end)),
        wrist: holds.flatMap((h) => distancesIn(paths.times, paths.wrists, h.start, h.end)),
      });
    }
  }
}

const figures = (values: number[]) =>
  values.length
    ? { median: +middle(values).toFixed(4), p95: +quantile(values, 0.95).toFixed(4) }
    : { median: NaN, p95: NaN };
const row = (hip: number[], wrist: number[], n?: number) => {
  const [h, w] = [figures(hip), figures(wrist)];
  return {
    ...(n === undefined ? {} : { scans: n }),
    'hip median (body)': h.median,
    'hip p95 (body)': h.p95,
    'wrist median (trunk)': w.median,
    'wrist p95 (trunk)': w.p95,
  };
};
const pooled = (rows: Row[]) =>
  row(
    rows.flatMap((r) => r.hip),
    rows.flatMap((r) => r.wrist),
    rows.length,
  );

console.log(`=== Quietest second of each clip (${settings.fps} frames a second) ===`);
console.table(Object.fromEntries(quiet.map((r) => [`${r.clip} [${r.kind}]`, row(r.hip, r.wrist)])));
console.log('\n=== Labelled holds, trimmed ===');
console.table(Object.fromEntries(held.map((r) => [`${r.clip} [${r.kind}]`, row(r.hip, r.wrist)])));
console.log('\n=== Pooled by variant kind: quietest seconds ===');
console.table(
  Object.fromEntries(
    ['original', ...VARIANT_KINDS].map((kind) => [
      kind,
      pooled(quiet.filter((r) => r.kind === kind)),
    ]),
  ),
);
// Across scans, each scan's p95: the top is scans whose athlete never stands still for a
// second (a jump, a serve, a run), where the quietest second is movement, not noise.
const acrossScans = (rows: Row[], part: 'hip' | 'wrist') => {
  const p95s = rows.filter((r) => r[part].length).map((r) => quantile(r[part], 0.95));
  return Object.fromEntries(
    [0.5, 0.75, 0.9, 1].map((q) => [`p${q * 100}`, +quantile(p95s, q).toFixed(4)]),
  );
};
console.log("\n=== Each scan's p95 in its quietest second, across scans ===");
console.table({
  'hip (body lengths)': acrossScans(quiet, 'hip'),
  'wrist (trunks)': acrossScans(quiet, 'wrist'),
});
console.log('\n=== Pooled: every scan ===');
console.table({ 'quietest seconds': pooled(quiet), 'labelled holds': pooled(held) });
if (missing.length) console.log(`\nnot cached yet (not scanned here): ${missing.length} scans`);
