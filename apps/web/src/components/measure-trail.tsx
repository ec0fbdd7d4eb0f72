import { MEASURE_TRAIL_SECONDS, sampleNear, trailAt, type TrackSample } from '@filmroom/contract';

type Point = { x: number; y: number };

/**
 * A measured path over the picture (the Measure tab, Compare): the whole path faintly, the
 * last moments brighter the newer they are, and where it is now.
 */
export function MeasureTrail({
  samples,
  now,
  colour,
  toPixels,
  testId,
}: {
  samples: readonly TrackSample[];
  now: number;
  colour: string;
  /** Percent of the picture to the layer's pixels. */
  toPixels: (point: Point) => Point;
  testId: string;
}) {
  const points = samples.map((sample) => ({ t: sample.t, ...toPixels(sample) }));
  const whole = points.map((point) => `${point.x},${point.y}`).join(' ');
  const recent = trailAt(points, now);
  const current = sampleNear(points, now, 0.25);
  return (
    <g data-testid={testId}>
      <polyline points={whole} fill="none" stroke={colour} strokeOpacity={0.35} strokeWidth={2} />
      {recent.slice(1).map((point, index) => {
        const previous = recent[index]!;
        const age = (now - point.t) / MEASURE_TRAIL_SECONDS;
        return (
          <line
            key={point.t}
            x1={previous.x}
            y1={previous.y}
            x2={point.x}
            y2={point.y}
            stroke={colour}
            strokeWidth={3.5}
            strokeLinecap="round"
            strokeOpacity={Math.max(0.15, 1 - age)}
          />
        );
      })}
      {current ? (
        <circle cx={current.x} cy={current.y} r={5} fill={colour} stroke="#111" strokeWidth={1.5} />
      ) : null}
    </g>
  );
}
