import { trailAt, type MeasurementOverlay } from '@filmroom/contract';
import { escapeXml, type FrameSize } from './overlay-svg';

// The player's look (the web's measure-trail.tsx): the whole path faint, the last moments
// bright, a dot where the point is; strokes scaled from a player about 720 px tall.
const REFERENCE_HEIGHT = 720;
const WHOLE_OPACITY = 0.35;

const n = (value: number) => Number(value.toFixed(1));

/** The measurements at one moment of the source, as SVG elements over the exported frame. */
export function measurementsSvgAt(
  overlays: readonly MeasurementOverlay[],
  time: number,
  size: FrameSize,
): string {
  const scale = size.height / REFERENCE_HEIGHT;
  const px = (point: { x: number; y: number }) =>
    `${n((point.x / 100) * size.width)},${n((point.y / 100) * size.height)}`;
  const parts: string[] = [];
  for (const overlay of overlays) {
    if (!overlay.path || overlay.path.length === 0) continue;
    const stroke = `stroke="${overlay.colour}" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
    parts.push(
      `<polyline points="${overlay.path.map(px).join(' ')}" ${stroke} stroke-opacity="${WHOLE_OPACITY}" stroke-width="${n(2 * scale)}"/>`,
    );
    const recent = trailAt(overlay.path, time);
    if (recent.length >= 2) {
      parts.push(
        `<polyline points="${recent.map(px).join(' ')}" ${stroke} stroke-width="${n(4 * scale)}"/>`,
      );
    }
    const now = recent.at(-1);
    if (now && time - now.t < 0.25) {
      const [x, y] = px(now).split(',');
      parts.push(
        `<circle cx="${x}" cy="${y}" r="${n(6 * scale)}" fill="${overlay.colour}" stroke="#111" stroke-width="${n(1.5 * scale)}"/>`,
      );
    }
  }
  // The values read at this moment, one a line at the right, from the second line down: the
  // first is the name label's (top left), which a narrow picture would run into.
  const fontSize = Math.max(13, Math.round(Math.min(size.width, size.height) * 0.035));
  const inset = fontSize * 0.8;
  let line = 1;
  for (const overlay of overlays) {
    const value = overlay.valueAt(time);
    if (value === null) continue;
    const y = inset + fontSize * (1 + line * 1.35);
    parts.push(
      `<text x="${n(size.width - inset)}" y="${n(y)}" text-anchor="end" font-size="${fontSize}" font-weight="700" font-family="sans-serif" fill="#ffffff" stroke="rgba(0,0,0,0.85)" stroke-width="${n(fontSize * 0.15)}" paint-order="stroke">${escapeXml(value)}</text>`,
    );
    line += 1;
  }
  return parts.join('');
}
