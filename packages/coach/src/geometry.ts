import type { Point } from './pose';

/** The angle at `vertex` between the rays to `a` and `c`, in degrees (180 = straight). */
export function jointAngle(a: Point, vertex: Point, c: Point): number {
  const ab = { x: a.x - vertex.x, y: a.y - vertex.y };
  const cb = { x: c.x - vertex.x, y: c.y - vertex.y };
  const dot = ab.x * cb.x + ab.y * cb.y;
  const lengths = Math.hypot(ab.x, ab.y) * Math.hypot(cb.x, cb.y);
  if (lengths === 0) return 180;
  return (Math.acos(Math.max(-1, Math.min(1, dot / lengths))) * 180) / Math.PI;
}

/** How far the line from `lower` up to `upper` leans from vertical, in degrees. */
export function leanFromVertical(lower: Point, upper: Point): number {
  const dx = upper.x - lower.x;
  const dy = lower.y - upper.y; // picture y grows downwards
  return (Math.atan2(Math.abs(dx), Math.max(dy, 1e-9)) * 180) / Math.PI;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The values that were measured, in order. */
export function defined(values: (number | undefined)[]): number[] {
  return values.filter((value): value is number => value !== undefined);
}
