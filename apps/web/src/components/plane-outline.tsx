import { MEASURE_PLANE_COLOUR, MEASURE_PLANE_EDGE_COLOUR } from '@filmroom/contract';

type Point = { x: number; y: number };

/**
 * A court rectangle's outline over the picture (the Measure tab while marking it, Compare for
 * each take's own): the colour over a dark edge that keeps it visible on a light court, faintly
 * filled once all four corners are there; dashed while it is still being marked.
 */
export function PlaneOutline({
  corners,
  colour = MEASURE_PLANE_COLOUR,
  testId,
}: {
  /** In the layer's pixels, in order around the rectangle. */
  corners: readonly Point[];
  colour?: string;
  testId?: string;
}) {
  if (corners.length < 2) return null;
  const outline = corners.map((p) => `${p.x},${p.y}`).join(' ');
  const closed = corners.length === 4;
  return (
    <g data-testid={testId}>
      <polygon
        points={outline}
        fill={closed ? `${colour}22` : 'none'}
        stroke={MEASURE_PLANE_EDGE_COLOUR}
        strokeWidth={4}
        strokeLinejoin="round"
      />
      <polygon
        points={outline}
        fill="none"
        stroke={colour}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeDasharray={closed ? undefined : '6 4'}
      />
    </g>
  );
}
