import {
  angleDegrees,
  arrowHeadLength,
  arrowHeadWings,
  type DrawingShape,
  type DrawingStrokeWidth,
} from '@filmroom/contract';
import { useId } from 'react';
import { percentToPixels } from '../lib/drawing-geometry';
import type { PictureSize } from '../lib/drawing-geometry';
import { labelFontSize } from '../lib/drawing-hit-test';

const STROKE_PX: Record<DrawingStrokeWidth, number> = { thin: 3, thick: 6 };
/** Black strokes get a light edge instead: a dark one would vanish into them. */
const outlineFor = (colour: string) =>
  colour === '#111111' ? 'rgb(255 255 255 / 0.8)' : 'rgb(0 0 0 / 0.7)';

type Pixel = { x: number; y: number };

function arrowHead(from: Pixel, to: Pixel, stroke: number): string {
  const [left, right] = arrowHeadWings(from, to, arrowHeadLength(stroke));
  return `${left.x},${left.y} ${to.x},${to.y} ${right.x},${right.y}`;
}

/** One shape's outline path(s), drawn twice by the caller: a dark edge, then its colour. */
function ShapeStrokes({
  shape,
  size,
  stroke,
  colour,
}: {
  shape: DrawingShape;
  size: PictureSize;
  stroke: number;
  colour: string;
}) {
  const px = (point: { x: number; y: number }) => percentToPixels(point, size);
  const common = {
    stroke: colour,
    strokeWidth: stroke,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    fill: 'none',
  };
  switch (shape.kind) {
    case 'arrow':
    case 'line': {
      const from = px(shape.from);
      const to = px(shape.to);
      return (
        <>
          <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} {...common} />
          {shape.kind === 'arrow' ? (
            <polyline points={arrowHead(from, to, STROKE_PX[shape.width])} {...common} />
          ) : null}
        </>
      );
    }
    case 'ellipse':
    case 'spotlight': {
      const from = px(shape.from);
      const to = px(shape.to);
      return (
        <ellipse
          cx={(from.x + to.x) / 2}
          cy={(from.y + to.y) / 2}
          rx={Math.abs(to.x - from.x) / 2}
          ry={Math.abs(to.y - from.y) / 2}
          {...common}
        />
      );
    }
    case 'rectangle': {
      const from = px(shape.from);
      const to = px(shape.to);
      return (
        <rect
          x={Math.min(from.x, to.x)}
          y={Math.min(from.y, to.y)}
          width={Math.abs(to.x - from.x)}
          height={Math.abs(to.y - from.y)}
          {...common}
        />
      );
    }
    case 'pen':
    case 'angle':
      return (
        <polyline
          points={shape.points.map((point) => `${px(point).x},${px(point).y}`).join(' ')}
          {...common}
        />
      );
    case 'text':
      return null;
  }
}

/** A label's text, with a dark halo so it reads on any picture. */
function Label({
  shape,
  size,
}: {
  shape: Extract<DrawingShape, { kind: 'text' }>;
  size: PictureSize;
}) {
  const at = percentToPixels(shape.at, size);
  const fontSize = labelFontSize(size);
  return (
    <text
      x={at.x}
      y={at.y + fontSize}
      fontSize={fontSize}
      fontWeight={700}
      fill={shape.colour}
      stroke={outlineFor(shape.colour)}
      strokeWidth={shape.width === 'thick' ? 5 : 3.5}
      paintOrder="stroke"
      style={{ fontFamily: 'inherit' }}
    >
      {shape.text}
    </text>
  );
}

/** The angle's degrees beside its vertex, as the angle tool shows them live. */
export function AngleReading({
  points,
  size,
  testId,
}: {
  points: readonly [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
  size: PictureSize;
  testId?: string;
}) {
  const degrees = angleDegrees(points, size);
  if (degrees === null) return null;
  const vertex = percentToPixels(points[1], size);
  const fontSize = Math.max(13, size.height * 0.04);
  return (
    <text
      data-testid={testId}
      x={vertex.x + fontSize * 0.6}
      y={vertex.y - fontSize * 0.5}
      fontSize={fontSize}
      fontWeight={800}
      fill="#ffffff"
      stroke="rgb(0 0 0 / 0.8)"
      strokeWidth={4}
      paintOrder="stroke"
      className="tabular-nums"
    >
      {degrees}°
    </text>
  );
}

/**
 * A drawing's shapes in the pixels of a picture of `size` (an <svg> of that size holds them).
 * Spotlights share one dimmed sheet with a hole for each, so two do not darken each other.
 * Each stroke is drawn over a slightly wider dark edge so it reads on grass, court and snow.
 */
export function DrawingShapes({
  shapes,
  size,
  selected = null,
}: {
  shapes: readonly DrawingShape[];
  size: PictureSize;
  selected?: number | null;
}) {
  const maskId = useId();
  const spotlights = shapes.filter((shape) => shape.kind === 'spotlight');
  return (
    <>
      {spotlights.length > 0 ? (
        <>
          <defs>
            <mask id={maskId}>
              <rect width={size.width} height={size.height} fill="white" />
              {spotlights.map((shape, index) => {
                const from = percentToPixels(shape.from, size);
                const to = percentToPixels(shape.to, size);
                return (
                  <ellipse
                    key={index}
                    cx={(from.x + to.x) / 2}
                    cy={(from.y + to.y) / 2}
                    rx={Math.abs(to.x - from.x) / 2}
                    ry={Math.abs(to.y - from.y) / 2}
                    fill="black"
                  />
                );
              })}
            </mask>
          </defs>
          <rect
            width={size.width}
            height={size.height}
            fill="rgb(0 0 0 / 0.6)"
            mask={`url(#${maskId})`}
          />
        </>
      ) : null}
      {shapes.map((shape, index) => {
        const stroke = STROKE_PX[shape.width];
        return (
          <g key={index} data-testid="drawing-shape" data-kind={shape.kind}>
            {index === selected ? (
              <g opacity={0.55}>
                <ShapeStrokes shape={shape} size={size} stroke={stroke + 10} colour="#4ea8ff" />
                {shape.kind === 'text' ? <Label shape={shape} size={size} /> : null}
              </g>
            ) : null}
            {shape.kind === 'text' ? (
              <Label shape={shape} size={size} />
            ) : (
              <>
                <ShapeStrokes
                  shape={shape}
                  size={size}
                  stroke={stroke + 2.5}
                  colour={outlineFor(shape.colour)}
                />
                <ShapeStrokes shape={shape} size={size} stroke={stroke} colour={shape.colour} />
              </>
            )}
            {shape.kind === 'angle' ? <AngleReading points={shape.points} size={size} /> : null}
          </g>
        );
      })}
    </>
  );
}
