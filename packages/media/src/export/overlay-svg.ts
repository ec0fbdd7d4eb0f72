import {
  angleDegrees,
  arrowHeadLength,
  arrowHeadWings,
  type Drawing,
  type DrawingShape,
  type VisualGuide,
} from '@filmroom/contract';
import type { ExportStill } from './render-export';

/** The exported picture's size in pixels. */
export type FrameSize = { width: number; height: number };

type Pixel = { x: number; y: number };

// The player's look, so an exported drawing reads as it did on screen (see the web's
// drawing-shapes.tsx): strokes over a slightly wider dark edge, black strokes over a light one.
const STROKE_PX = { thin: 3, thick: 6 } as const;
const outlineFor = (colour: string) =>
  colour === '#111111' ? 'rgba(255,255,255,0.8)' : 'rgba(0,0,0,0.7)';
// The web draws in screen pixels over a player about 720 px tall: an export of another height
// scales the strokes so they keep their weight against the picture.
const REFERENCE_HEIGHT = 720;

export const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
const n = (value: number) => Number(value.toFixed(2));

/** Wraps SVG elements into a whole document of the frame's size (for sharp to rasterise). */
export function svgDocument(body: string, size: FrameSize): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${size.width} ${size.height}">${body}</svg>`
  );
}

function arrowHead(from: Pixel, to: Pixel, stroke: number): string {
  const [left, right] = arrowHeadWings(from, to, arrowHeadLength(stroke));
  return `${n(left.x)},${n(left.y)} ${n(to.x)},${n(to.y)} ${n(right.x)},${n(right.y)}`;
}

function shapeStrokes(shape: DrawingShape, size: FrameSize, stroke: number, colour: string) {
  const px = (point: Pixel) => ({
    x: (point.x / 100) * size.width,
    y: (point.y / 100) * size.height,
  });
  const common = `stroke="${colour}" stroke-width="${n(stroke)}" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
  switch (shape.kind) {
    case 'arrow':
    case 'line': {
      const from = px(shape.from);
      const to = px(shape.to);
      const line = `<line x1="${n(from.x)}" y1="${n(from.y)}" x2="${n(to.x)}" y2="${n(to.y)}" ${common}/>`;
      return shape.kind === 'arrow'
        ? `${line}<polyline points="${arrowHead(from, to, stroke)}" ${common}/>`
        : line;
    }
    case 'ellipse':
    case 'spotlight': {
      const from = px(shape.from);
      const to = px(shape.to);
      return `<ellipse cx="${n((from.x + to.x) / 2)}" cy="${n((from.y + to.y) / 2)}" rx="${n(Math.abs(to.x - from.x) / 2)}" ry="${n(Math.abs(to.y - from.y) / 2)}" ${common}/>`;
    }
    case 'rectangle': {
      const from = px(shape.from);
      const to = px(shape.to);
      return `<rect x="${n(Math.min(from.x, to.x))}" y="${n(Math.min(from.y, to.y))}" width="${n(Math.abs(to.x - from.x))}" height="${n(Math.abs(to.y - from.y))}" ${common}/>`;
    }
    case 'pen':
    case 'angle':
      return `<polyline points="${shape.points.map((point) => `${n(px(point).x)},${n(px(point).y)}`).join(' ')}" ${common}/>`;
    case 'text':
      return '';
  }
}

/**
 * A drawing's shapes as SVG elements over a frame of `size`, drawn as the player draws them:
 * colours, outline, arrow heads, an angle's degrees, spotlights dimming the rest of the picture.
 */
export function drawingSvg(drawing: Drawing, size: FrameSize, id = 'd'): string {
  const scale = size.height / REFERENCE_HEIGHT;
  const parts: string[] = [];
  const spotlights = drawing.shapes.filter((shape) => shape.kind === 'spotlight');
  if (spotlights.length > 0) {
    const holes = spotlights
      .map((shape) => {
        const cx = ((shape.from.x + shape.to.x) / 200) * size.width;
        const cy = ((shape.from.y + shape.to.y) / 200) * size.height;
        const rx = (Math.abs(shape.to.x - shape.from.x) / 200) * size.width;
        const ry = (Math.abs(shape.to.y - shape.from.y) / 200) * size.height;
        return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="black"/>`;
      })
      .join('');
    parts.push(
      `<defs><mask id="${id}-spot"><rect width="${size.width}" height="${size.height}" fill="white"/>${holes}</mask></defs>`,
      `<rect width="${size.width}" height="${size.height}" fill="rgba(0,0,0,0.6)" mask="url(#${id}-spot)"/>`,
    );
  }
  for (const shape of drawing.shapes) {
    const stroke = STROKE_PX[shape.width] * scale;
    if (shape.kind === 'text') {
      const fontSize = Math.max(12, size.height * 0.045);
      const x = (shape.at.x / 100) * size.width;
      const y = (shape.at.y / 100) * size.height + fontSize;
      parts.push(
        `<text x="${n(x)}" y="${n(y)}" font-size="${n(fontSize)}" font-weight="700" font-family="sans-serif" fill="${shape.colour}" stroke="${outlineFor(shape.colour)}" stroke-width="${n((shape.width === 'thick' ? 5 : 3.5) * scale)}" paint-order="stroke">${escapeXml(shape.text)}</text>`,
      );
      continue;
    }
    parts.push(shapeStrokes(shape, size, stroke + 2.5 * scale, outlineFor(shape.colour)));
    parts.push(shapeStrokes(shape, size, stroke, shape.colour));
    if (shape.kind === 'angle') {
      const degrees = angleDegrees(shape.points, size);
      if (degrees !== null) {
        const fontSize = Math.max(13, size.height * 0.04);
        const x = (shape.points[1].x / 100) * size.width + fontSize * 0.6;
        const y = (shape.points[1].y / 100) * size.height - fontSize * 0.5;
        parts.push(
          `<text x="${n(x)}" y="${n(y)}" font-size="${n(fontSize)}" font-weight="800" font-family="sans-serif" fill="#ffffff" stroke="rgba(0,0,0,0.8)" stroke-width="${n(4 * scale)}" paint-order="stroke">${degrees}°</text>`,
        );
      }
    }
  }
  return parts.join('');
}

/**
 * A coaching point's visual guides (fractions of the frame), as the player draws them: a
 * highlight is a circle 50 px across, lines and arrows 2 px wide, white unless coloured.
 */
export function guidesSvg(guides: readonly VisualGuide[], size: FrameSize): string {
  const scale = size.height / REFERENCE_HEIGHT;
  const stroke = n(2 * scale);
  return guides
    .map((guide) => {
      const colour = escapeXml(guide.color || 'white');
      const x = guide.x * size.width;
      const y = guide.y * size.height;
      if (guide.type === 'highlight') {
        return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(25 * scale)}" fill="${colour}" fill-opacity="0.15" stroke="${colour}" stroke-width="${stroke}"/>`;
      }
      if (guide.endX === undefined || guide.endY === undefined) return '';
      const to = { x: guide.endX * size.width, y: guide.endY * size.height };
      const line = `<line x1="${n(x)}" y1="${n(y)}" x2="${n(to.x)}" y2="${n(to.y)}" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round"/>`;
      if (guide.type !== 'arrow') return line;
      const [left, right] = arrowHeadWings({ x, y }, to, 12 * scale);
      const corner = (point: Pixel) => `${n(point.x)},${n(point.y)}`;
      return `${line}<polygon points="${corner(to)} ${corner(right)} ${corner(left)}" fill="${colour}"/>`;
    })
    .join('');
}

/** Splits text into lines of at most `perLine` characters, at spaces where it can. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = word.slice(0, perLine);
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1)}…`;
    return kept;
  }
  return lines;
}

/** How a caption is laid out: its font, its wrapped lines, and the height of its band. */
function captionLayout(text: string, size: FrameSize) {
  // From the shorter side: on an upright phone clip a caption sized by the height fills the frame.
  const fontSize = Math.max(14, Math.round(Math.min(size.width, size.height) * 0.045));
  const perLine = Math.max(12, Math.floor((size.width * 0.85) / (fontSize * 0.55)));
  const lines = wrap(text, perLine, 3);
  const lineHeight = fontSize * 1.3;
  return { fontSize, lines, lineHeight, height: lines.length * lineHeight + fontSize * 0.6 };
}

/**
 * A note's text as a caption in the bottom third: white on a dark band, centred, wrapped;
 * `raise` pixels higher when captions below it are still showing.
 */
export function captionSvg(text: string, size: FrameSize, raise = 0): string {
  const { fontSize, lines, lineHeight, height } = captionLayout(text, size);
  if (lines.length === 0) return '';
  const bottom = size.height * 0.92 - raise;
  const top = bottom - lines.length * lineHeight;
  const band = `<rect x="${n(size.width * 0.05)}" y="${n(top - fontSize * 0.4)}" width="${n(size.width * 0.9)}" height="${n(height)}" rx="${n(fontSize * 0.3)}" fill="rgba(0,0,0,0.6)"/>`;
  const texts = lines
    .map(
      (line, index) =>
        `<text x="${n(size.width / 2)}" y="${n(top + (index + 0.8) * lineHeight)}" text-anchor="middle" font-size="${fontSize}" font-weight="600" font-family="sans-serif" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return band + texts;
}

type TimedCaption = { from: number; to: number; text: string };

/**
 * Notes' captions as stills, stacked where their times overlap: each takes the lowest place
 * free of the captions showing with it (four notes at one moment read as four bands, not one
 * blur of text). A caption that would rise past the top fifth of the frame waits at the bottom
 * instead, since covering the athlete's whole body is worse than overlapping.
 */
export function stackedCaptions(captions: readonly TimedCaption[], size: FrameSize): ExportStill[] {
  const gap = Math.min(size.width, size.height) * 0.015;
  const ceiling = size.height * 0.72;
  const placed: (TimedCaption & { raise: number; height: number })[] = [];
  for (const caption of [...captions].sort((a, b) => a.from - b.from)) {
    const { height, lines } = captionLayout(caption.text, size);
    if (lines.length === 0) continue;
    const taken = placed
      .filter((other) => other.from < caption.to && caption.from < other.to)
      .sort((a, b) => a.raise - b.raise);
    let raise = 0;
    for (const other of taken) {
      if (raise + height + gap <= other.raise) break;
      raise = Math.max(raise, other.raise + other.height + gap);
    }
    if (raise + height > ceiling) raise = 0;
    placed.push({ ...caption, raise, height });
  }
  return placed.map(({ from, to, text, raise }) => ({
    from,
    to,
    svg: captionSvg(text, size, raise),
  }));
}

/** Who the video is of, in the top-left corner for the whole export. */
export function nameLabelSvg(name: string, size: FrameSize): string {
  const fontSize = Math.max(13, Math.round(Math.min(size.width, size.height) * 0.035));
  const text = name.length > 60 ? `${name.slice(0, 59)}…` : name;
  const inset = fontSize * 0.8;
  return `<text x="${n(inset)}" y="${n(inset + fontSize)}" font-size="${fontSize}" font-weight="700" font-family="sans-serif" fill="#ffffff" stroke="rgba(0,0,0,0.85)" stroke-width="${n(fontSize * 0.15)}" paint-order="stroke">${escapeXml(text)}</text>`;
}
