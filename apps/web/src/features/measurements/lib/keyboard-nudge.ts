type Point = { x: number; y: number };

/** How far one arrow press moves a point on the picture, in percent of the picture. */
export const NUDGE_PERCENT = 0.25;
/** The same with Shift held: placing a whole line or quad by keyboard takes fewer presses. */
export const BIG_NUDGE_PERCENT = 2;

export const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/** The point moved by an arrow key (Shift for a bigger step), or null for any other key. */
export function nudged(point: Point, key: string, bigger: boolean): Point | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = bigger ? BIG_NUDGE_PERCENT : NUDGE_PERCENT;
  return { x: clampPercent(point.x + arrow.x * step), y: clampPercent(point.y + arrow.y * step) };
}
