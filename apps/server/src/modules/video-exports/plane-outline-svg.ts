import { MEASURE_PLANE_COLOUR, MEASURE_PLANE_EDGE_COLOUR, type Quad } from '@filmroom/contract';
import type { FrameSize } from '@filmroom/media';

// The player's look (the web's plane-outline.tsx): the yellow outline over a dark edge, faintly
// filled; strokes scaled from a player about 720 px tall, as the export's measurement paths are.
const REFERENCE_HEIGHT = 720;

const n = (value: number) => Number(value.toFixed(1));

/**
 * The court rectangles a video's measurements were made on, as SVG elements over the exported
 * frame (corners in percent of the picture). Drawn under the paths: it goes first.
 */
export function planeOutlinesSvg(planes: readonly Quad[], size: FrameSize): string {
  const scale = size.height / REFERENCE_HEIGHT;
  return planes
    .map((corners) => {
      const points = corners
        .map((corner) => `${n((corner.x / 100) * size.width)},${n((corner.y / 100) * size.height)}`)
        .join(' ');
      return (
        `<polygon points="${points}" fill="${MEASURE_PLANE_COLOUR}" fill-opacity="0.13" stroke="${MEASURE_PLANE_EDGE_COLOUR}" stroke-width="${n(4 * scale)}" stroke-linejoin="round"/>` +
        `<polygon points="${points}" fill="none" stroke="${MEASURE_PLANE_COLOUR}" stroke-width="${n(2 * scale)}" stroke-linejoin="round"/>`
      );
    })
    .join('');
}
