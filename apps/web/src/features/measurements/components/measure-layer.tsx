import { MEASURE_COLOURS, sampleNear } from '@filmroom/contract';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { MeasureTrail } from '@/components/measure-trail';
import type { Rect } from '@/lib/content-box';
import { ARROWS, BIG_NUDGE_PERCENT, clampPercent, NUDGE_PERCENT } from '../lib/keyboard-nudge';
import { KEYBOARD_CORNERS } from '../lib/plane-calibration';
import { TRACK_SAMPLE_TOLERANCE } from '../lib/track-point';
import { PlaneCorners } from './plane-corners';
import type { MeasureSession } from './use-measure-session';

type Point = { x: number; y: number };

const CALIBRATION_COLOUR = '#ffd60a';
const BAR_COLOUR = MEASURE_COLOURS['tracked-point'];
const JOINT_COLOUR = MEASURE_COLOURS['joint-path'];
/** Where a line drawn by keyboard starts: across the middle of the picture. */
const KEYBOARD_LINE = { from: { x: 45, y: 50 }, to: { x: 55, y: 50 } };

/** What the viewer tells a layer drawn over its picture (see VideoViewer's `overlay`). */
type ViewerState = { picture: Rect; currentTime: number; paused: boolean };

type MeasureLayerProps = {
  viewer: ViewerState;
  session: MeasureSession;
  editable: boolean;
};

/**
 * The Measure tab's drawing over the picture: the calibration line, the bar path and the joint
 * path with fading trails, and (on a paused frame) the surfaces that draw the line, pick the
 * point to follow, and drag the tracked point where it belongs on this frame.
 */
export function MeasureLayer({ viewer, session, editable }: MeasureLayerProps) {
  const { picture, currentTime, paused } = viewer;
  const [draft, setDraft] = useState<{ from: Point; to: Point } | null>(null);
  const [dragged, setDragged] = useState<{ t: number; point: Point } | null>(null);
  // A line drawn by keyboard: the arrows move one end, Enter fixes it and moves to the other.
  const [keyLine, setKeyLine] = useState<{ from: Point; to: Point; moving: 'from' | 'to' } | null>(
    null,
  );
  const calibrateSurface = useRef<SVGRectElement>(null);
  const cornerSurface = useRef<SVGRectElement>(null);
  // Drawing starts with the surface focused, so a keyboard user can go straight on. Without
  // scrolling: the session brings the whole picture into view (below the sticky top bar).
  useEffect(() => {
    if (session.mode === 'calibrating') calibrateSurface.current?.focus({ preventScroll: true });
    else setKeyLine(null);
    if (session.mode === 'cornering') cornerSurface.current?.focus({ preventScroll: true });
  }, [session.mode]);
  const toPixels = (point: Point) => ({
    x: picture.x + (point.x / 100) * picture.width,
    y: picture.y + (point.y / 100) * picture.height,
  });
  const toPercent = (event: MouseEvent<Element>): Point => {
    const box = event.currentTarget.closest('svg')!.getBoundingClientRect();
    const x = ((event.clientX - box.left - picture.x) / picture.width) * 100;
    const y = ((event.clientY - box.top - picture.y) / picture.height) * 100;
    return { x: Math.min(100, Math.max(0, x)), y: Math.min(100, Math.max(0, y)) };
  };
  // The player's click-to-play must not see a press meant for the measure.
  const keep = (event: { stopPropagation: () => void }) => event.stopPropagation();

  const line = draft ?? keyLine ?? session.line;
  const barNow = session.barTrack
    ? sampleNear(session.barTrack, currentTime, TRACK_SAMPLE_TOLERANCE)
    : null;
  const handle = dragged ?? (barNow ? { t: barNow.t, point: barNow } : null);
  const correctable = editable && paused && session.progress === null && handle !== null;

  const commitCorrection = () => {
    if (!dragged) return;
    session.correct(dragged.t, dragged.point);
    setDragged(null);
  };

  const onHandleKey = (event: KeyboardEvent<SVGCircleElement>) => {
    if (!handle) return;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -NUDGE_PERCENT, y: 0 },
      ArrowRight: { x: NUDGE_PERCENT, y: 0 },
      ArrowUp: { x: 0, y: -NUDGE_PERCENT },
      ArrowDown: { x: 0, y: NUDGE_PERCENT },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      setDragged({
        t: handle.t,
        point: { x: handle.point.x + move.x, y: handle.point.y + move.y },
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      commitCorrection();
    } else if (event.key === 'Escape') {
      setDragged(null);
    }
  };
  const onCalibrateKey = (event: KeyboardEvent<SVGRectElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow && event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    const current = keyLine ?? { ...(session.line ?? KEYBOARD_LINE), moving: 'from' as const };
    if (arrow) {
      const step = event.shiftKey ? BIG_NUDGE_PERCENT : NUDGE_PERCENT;
      const end = current[current.moving];
      setKeyLine({
        ...current,
        [current.moving]: {
          x: clampPercent(end.x + arrow.x * step),
          y: clampPercent(end.y + arrow.y * step),
        },
      });
    } else if (current.moving === 'from') {
      setKeyLine({ ...current, moving: 'to' });
    } else if (current.from.x !== current.to.x || current.from.y !== current.to.y) {
      session.drawLine(current.from, current.to);
      setKeyLine(null);
    }
  };

  // The whole picture takes the pointer while a line is drawn or a point picked.
  const surface = {
    role: 'application',
    'data-testid': 'measure-surface',
    ...picture,
    fill: 'rgba(0,0,0,0.15)',
    className: 'pointer-events-auto cursor-crosshair',
  } as const;

  return (
    <svg
      data-testid="measure-layer"
      className="pointer-events-none absolute inset-0 z-20 size-full overflow-visible"
      aria-hidden={
        session.mode === 'idle' &&
        !correctable &&
        !(editable && paused && session.basis === 'plane' && session.corners.length > 0)
      }
    >
      {session.barTrack ? (
        <MeasureTrail
          samples={session.barTrack}
          now={currentTime}
          colour={BAR_COLOUR}
          toPixels={toPixels}
          testId="bar-path"
        />
      ) : null}
      {session.jointPath ? (
        <MeasureTrail
          samples={session.jointPath}
          now={currentTime}
          colour={JOINT_COLOUR}
          toPixels={toPixels}
          testId="joint-path"
        />
      ) : null}
      {line ? (
        <g data-testid="calibration-line">
          <line
            {...endsOf(toPixels(line.from), toPixels(line.to))}
            stroke="#111"
            strokeWidth={5}
            strokeLinecap="round"
          />
          <line
            {...endsOf(toPixels(line.from), toPixels(line.to))}
            stroke={CALIBRATION_COLOUR}
            strokeWidth={3}
            strokeLinecap="round"
          />
          {session.calibrationLine && !draft ? (
            <text
              x={(toPixels(line.from).x + toPixels(line.to).x) / 2}
              y={(toPixels(line.from).y + toPixels(line.to).y) / 2 - 8}
              textAnchor="middle"
              className="fill-white text-xs font-semibold [paint-order:stroke] [stroke:#111] [stroke-width:3px]"
            >
              {session.calibrationLine.metres} m
            </text>
          ) : null}
        </g>
      ) : null}

      {session.basis === 'plane' && session.corners.length > 0 ? (
        <PlaneCorners
          corners={session.corners}
          toPixels={toPixels}
          toPercent={toPercent}
          movable={editable && paused && session.mode !== 'cornering'}
          problem={session.planeProblem}
          onMove={(index, point) => session.markCorner(point, index)}
        />
      ) : null}

      {handle && correctable ? (
        <circle
          role="button"
          tabIndex={0}
          aria-label="Tracked point on this frame: drag it, or move it with the arrow keys and press Enter, to correct the track from here"
          data-testid="track-handle"
          cx={toPixels(handle.point).x}
          cy={toPixels(handle.point).y}
          r={9}
          fill="transparent"
          stroke={BAR_COLOUR}
          strokeWidth={3}
          className="pointer-events-auto cursor-move outline-none focus-visible:stroke-white"
          onPointerDown={(event) => {
            keep(event);
            event.currentTarget.setPointerCapture(event.pointerId);
            setDragged({ t: handle.t, point: toPercent(event) });
          }}
          onPointerMove={(event) => {
            if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
            setDragged({ t: handle.t, point: toPercent(event) });
          }}
          onPointerUp={(event) => {
            keep(event);
            commitCorrection();
          }}
          onClick={keep}
          onKeyDown={onHandleKey}
        />
      ) : null}

      {session.mode === 'calibrating' ? (
        <rect
          {...surface}
          ref={calibrateSurface}
          tabIndex={0}
          className={`${surface.className} outline-none focus-visible:stroke-white focus-visible:[stroke-dasharray:6_4] focus-visible:[stroke-width:2]`}
          aria-label={
            keyLine?.moving === 'to'
              ? 'Move the line’s second end with the arrow keys (Shift for bigger steps), then press Enter to set the line'
              : 'Drag along something of known length to calibrate, or move the line’s first end with the arrow keys (Shift for bigger steps) and press Enter'
          }
          onKeyDown={onCalibrateKey}
          onPointerDown={(event) => {
            keep(event);
            event.currentTarget.setPointerCapture(event.pointerId);
            const at = toPercent(event);
            setDraft({ from: at, to: at });
          }}
          onPointerMove={(event) => {
            if (!draft) return;
            setDraft({ from: draft.from, to: toPercent(event) });
          }}
          onPointerUp={(event) => {
            keep(event);
            if (draft && (draft.from.x !== draft.to.x || draft.from.y !== draft.to.y)) {
              session.drawLine(draft.from, draft.to);
            }
            setDraft(null);
          }}
          onClick={keep}
        />
      ) : null}
      {session.mode === 'cornering' ? (
        <rect
          {...surface}
          ref={cornerSurface}
          tabIndex={0}
          className={`${surface.className} outline-none focus-visible:stroke-white focus-visible:[stroke-dasharray:6_4] focus-visible:[stroke-width:2]`}
          aria-label={`Click corner ${session.corners.length + 1} of 4 of the rectangle on the ground, in order around it; or press Enter to place all four and move each with the arrow keys`}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.stopPropagation();
            session.setCorners([...KEYBOARD_CORNERS]);
            session.setMode('idle');
          }}
          onPointerDown={keep}
          onClick={(event) => {
            keep(event);
            session.markCorner(toPercent(event));
            if (session.corners.length >= 3) session.setMode('idle');
          }}
        />
      ) : null}
      {session.mode === 'picking' ? (
        <rect
          {...surface}
          aria-label="Click the point to follow, such as the end of the bar"
          onPointerDown={keep}
          onClick={(event) => {
            keep(event);
            session.pickPoint(toPercent(event));
          }}
        />
      ) : null}
    </svg>
  );
}

const endsOf = (from: Point, to: Point) => ({ x1: from.x, y1: from.y, x2: to.x, y2: to.y });
