/**
 * Timing a moment between samples. Scans sample a clip sparsely except around fast moments,
 * so a moment that falls between two samples is placed by interpolation, not snapped to one.
 */

/** When a value that went from `v0` at `t0` to `v1` at `t1` crossed `level` (linearly). */
export function crossing(t0: number, v0: number, t1: number, v1: number, level: number): number {
  if (v1 === v0) return t0;
  const fraction = (level - v0) / (v1 - v0);
  return t0 + (t1 - t0) * Math.max(0, Math.min(1, fraction));
}

/**
 * The time of the extreme of the parabola through three samples around a local extreme (the
 * middle one): a turning point (hands lowest at impact) lies between samples more often than
 * on one. Stays within the neighbours' span.
 */
export function vertexTime(
  [t0, t1, t2]: [number, number, number],
  [v0, v1, v2]: [number, number, number],
): number {
  // Divided differences handle unevenly spaced samples (sparse then dense).
  const d1 = (v1 - v0) / (t1 - t0);
  const d2 = (v2 - v1) / (t2 - t1);
  const curvature = (d2 - d1) / (t2 - t0);
  if (!Number.isFinite(curvature) || curvature === 0) return t1;
  // Newton's form: p(t) = v0 + d1 (t - t0) + curvature (t - t0)(t - t1), flat where
  // d1 + curvature (2t - t0 - t1) = 0.
  const vertex = (t0 + t1) / 2 - d1 / (2 * curvature);
  return Math.max(t0, Math.min(t2, vertex));
}

/**
 * A series' rate of change at sample `i`: the difference across its neighbours (within
 * `from`..`to`), timed at the middle of their span rather than at the sample. Scans sample
 * densely through fast moments and sparsely (five a second) elsewhere, so at the edge of a
 * dense stretch the span reaches up to 0.2 s past the sample on one side only, and the rate it
 * measures is that of a moment well after the sample.
 */
export function rateAt(
  times: number[],
  values: number[],
  i: number,
  from = 0,
  to = times.length - 1,
): { t: number; rate: number } {
  const a = Math.max(from, i - 1);
  const b = Math.min(to, i + 1);
  return {
    t: (times[a]! + times[b]!) / 2,
    rate: times[b]! > times[a]! ? (values[b]! - values[a]!) / (times[b]! - times[a]!) : 0,
  };
}

/**
 * When a rise that ran from sample `from` to about sample `to` (its top) ended: the time its
 * speed fell to `share` of its fastest, between samples, each speed read where its span is
 * centred (`rateAt`). The sample after `to` closes the last span, so a rise still going at its
 * top sample ends between it and the next.
 */
export function riseEnded(
  times: number[],
  heights: number[],
  from: number,
  to: number,
  share: number,
): number {
  const last = Math.min(to + 1, times.length - 1);
  const rate = (i: number) => rateAt(times, heights, i, from, last);
  let fastest = from;
  for (let i = from; i <= to; i += 1) if (rate(i).rate > rate(fastest).rate) fastest = i;
  const stopped = rate(fastest).rate * share;
  let ended = fastest;
  while (ended < last && rate(ended).rate > stopped) ended += 1;
  if (ended === fastest) return rate(ended).t;
  const [before, after] = [rate(ended - 1), rate(ended)];
  return crossing(before.t, before.rate, after.t, after.rate, stopped);
}
