import type { Pan, Size } from './zoom';

export type Rect = { x: number; y: number; width: number; height: number };
export type Point = { x: number; y: number };

/**
 * Where the picture really is inside the <video> element: with object-fit: contain a portrait
 * phone clip in the 16:9 frame has bars at its sides, and guides placed by fractions of the
 * element would miss their target. Unknown video size: assume the picture fills the element.
 */
export function containedRect(element: Size, video: Size): Rect {
  if (element.width <= 0 || element.height <= 0) return { x: 0, y: 0, ...element };
  if (video.width <= 0 || video.height <= 0) return { x: 0, y: 0, ...element };
  const scale = Math.min(element.width / video.width, element.height / video.height);
  const width = video.width * scale;
  const height = video.height * scale;
  return { x: (element.width - width) / 2, y: (element.height - height) / 2, width, height };
}

/**
 * The player frame's aspect ratio (CSS): 16:9, or the clip's own shape when it is portrait, so
 * a phone clip gets a tall frame instead of a thin strip between wide bars (the page caps its
 * height). Unknown size: 16:9 until the metadata arrives.
 */
export function frameAspectRatio(video: Size): string {
  return video.height > video.width && video.width > 0
    ? `${video.width} / ${video.height}`
    : '16 / 9';
}

/**
 * The same rect after the viewer's zoom: CSS `translate(pan) scale(zoom)` about the frame's
 * centre maps a point p to centre + zoom * (p - centre) + pan.
 */
export function zoomRect(rect: Rect, zoom: number, pan: Pan, frame: Size): Rect {
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  return {
    x: cx + zoom * (rect.x - cx) + pan.x,
    y: cy + zoom * (rect.y - cy) + pan.y,
    width: rect.width * zoom,
    height: rect.height * zoom,
  };
}

/** A visual guide's fractional position (0-1 of the picture) in frame pixels. */
export function pointInRect(rect: Rect, fx: number, fy: number): Point {
  return { x: rect.x + fx * rect.width, y: rect.y + fy * rect.height };
}
