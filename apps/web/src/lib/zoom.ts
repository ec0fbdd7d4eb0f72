/** Spec §9: zoom runs from 1x to 4x in steps of 0.5 (the readout shows 100% to 400%). */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
const ZOOM_STEP = 0.5;

export type Pan = { x: number; y: number };
export type Size = { width: number; height: number };

export const NO_PAN: Pan = { x: 0, y: 0 };

/** One step in or out, kept within 1x-4x. */
export function stepZoom(zoom: number, direction: 'in' | 'out'): number {
  const next = zoom + (direction === 'in' ? ZOOM_STEP : -ZOOM_STEP);
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/**
 * Spec §4: the picture is scaled about the frame's centre and then shifted by `pan`; it may
 * only move as far as its zoomed edges reach the frame's edges, so no empty gap ever shows.
 * At 100% there is nothing to pan.
 */
export function clampPan(pan: Pan, zoom: number, frame: Size): Pan {
  const maxX = ((zoom - 1) * frame.width) / 2;
  const maxY = ((zoom - 1) * frame.height) / 2;
  const clamp = (value: number, max: number) =>
    max <= 0 ? 0 : Math.min(max, Math.max(-max, value));
  return { x: clamp(pan.x, maxX), y: clamp(pan.y, maxY) };
}

/** Drag-panning is only offered above 100% (spec §4). */
export function canPan(zoom: number): boolean {
  return zoom > ZOOM_MIN;
}
