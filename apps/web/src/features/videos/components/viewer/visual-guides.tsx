import type { VisualGuide } from '@filmroom/contract';
import type { Rect } from '@/lib/content-box';
import {
  BOX_LABEL_SIZE_PX,
  boxLabelAnchor,
  GUIDE_STROKE_WIDTH,
  guideShapes,
  personBoxShape,
} from '../../lib/visual-guides';
import type { PersonBox } from '../../lib/visual-guides';

type VisualGuidesProps = {
  guides: readonly VisualGuide[];
  /** A person picked elsewhere on the page (a detection in the Players tab), boxed and named. */
  personBox?: PersonBox | null;
  /** The picture's rect in the frame, after letterboxing and zoom. */
  picture: Rect;
  frame: { width: number; height: number };
};

/**
 * The active point's arrows, lines and highlights, and a picked person's box, drawn in frame
 * pixels over the picture. Drawn outside the zoomed layer so strokes stay 2 px and circles
 * 50 px at any zoom, while their positions follow the zoom through `picture`. The guides repeat
 * what the coaching point's card says; a box is named, since nothing else says who is where.
 */
export function VisualGuides({ guides, personBox = null, picture, frame }: VisualGuidesProps) {
  const shapes = guideShapes(guides, picture);
  if ((shapes.length === 0 && !personBox) || frame.width === 0) return null;
  const box = personBox ? personBoxShape(personBox, picture) : null;
  const label = box ? boxLabelAnchor(box) : null;
  return (
    <svg
      {...(box
        ? { role: 'img', 'aria-label': `Box around ${box.label} on the video` }
        : { 'aria-hidden': true })}
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
      {box && label ? (
        <g data-testid="person-box" className="text-signal">
          <rect
            x={box.x}
            y={box.y}
            width={box.width}
            height={box.height}
            rx={4}
            fill="currentColor"
            fillOpacity={0.08}
            stroke="currentColor"
            strokeWidth={GUIDE_STROKE_WIDTH}
          />
          {/* A dark outline keeps the name legible on a bright picture and on a dark one. */}
          <text
            x={label.x}
            y={label.y}
            fill="currentColor"
            stroke="rgb(0 0 0 / 0.85)"
            strokeWidth={3}
            paintOrder="stroke"
            fontSize={BOX_LABEL_SIZE_PX}
            fontWeight={600}
          >
            {box.label}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
