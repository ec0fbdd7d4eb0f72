import type { VisualGuide } from '@filmroom/contract';
import type { Rect } from '../../lib/content-box';
import { GUIDE_STROKE_WIDTH, guideShapes } from '../../lib/visual-guides';

type VisualGuidesProps = {
  guides: readonly VisualGuide[];
  /** The picture's rect in the frame, after letterboxing and zoom. */
  picture: Rect;
  frame: { width: number; height: number };
};

/**
 * The active point's arrows, lines and highlights, drawn in frame pixels over the picture.
 * Drawn outside the zoomed layer so strokes stay 2 px and circles 50 px at any zoom, while
 * their positions follow the zoom through `picture`.
 */
export function VisualGuides({ guides, picture, frame }: VisualGuidesProps) {
  const shapes = guideShapes(guides, picture);
  if (shapes.length === 0 || frame.width === 0) return null;
  return (
    <svg
      aria-hidden
      data-testid="visual-guides"
      className="pointer-events-none absolute inset-0 z-[5] size-full drop-shadow-[0_1px_2px_rgb(0_0_0/0.8)]"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
    >
      {shapes.map((shape, index) =>
        shape.kind === 'circle' ? (
          <circle
            key={index}
            cx={shape.center.x}
            cy={shape.center.y}
            r={shape.radius}
            fill={shape.color}
            fillOpacity={0.15}
            stroke={shape.color}
            strokeWidth={GUIDE_STROKE_WIDTH}
          />
        ) : (
          <g key={index}>
            <line
              x1={shape.from.x}
              y1={shape.from.y}
              x2={shape.to.x}
              y2={shape.to.y}
              stroke={shape.color}
              strokeWidth={GUIDE_STROKE_WIDTH}
              strokeLinecap="round"
            />
            {shape.head ? (
              <polygon
                points={shape.head.map((p) => `${p.x},${p.y}`).join(' ')}
                fill={shape.color}
              />
            ) : null}
          </g>
        ),
      )}
    </svg>
  );
}
