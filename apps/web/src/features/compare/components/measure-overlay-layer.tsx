import type { MeasurementOverlay } from '@filmroom/contract';
import { MeasureTrail } from '@/components/measure-trail';
import { containedRect } from '@/lib/content-box';
import type { SideKey } from '../lib/side-colours';

type MeasureOverlayLayerProps = {
  side: SideKey;
  overlays: readonly MeasurementOverlay[];
  /** The side's own time: its sync point plus the shared time. */
  time: number;
  frame: { width: number; height: number };
  video: { width: number; height: number };
};

/**
 * One side's saved measurements over its picture: each path with its fading trail, and what
 * each reads at the side's own moment (speed, angle, stopwatch) in the picture's corner. The
 * values are also listed for a screen reader, which cannot see the picture.
 */
export function MeasureOverlayLayer({
  side,
  overlays,
  time,
  frame,
  video,
}: MeasureOverlayLayerProps) {
  if (frame.width === 0 || overlays.length === 0) return null;
  const picture = containedRect(frame, video);
  const toPixels = (point: { x: number; y: number }) => ({
    x: picture.x + (point.x / 100) * picture.width,
    y: picture.y + (point.y / 100) * picture.height,
  });
  const values = overlays.flatMap((overlay) => {
    const value = overlay.valueAt(time);
    return value === null ? [] : [{ id: overlay.id, value, colour: overlay.colour }];
  });
  return (
    <>
      <svg
        aria-hidden
        data-testid={`compare-measurements-${side}`}
        className="pointer-events-none absolute inset-0 size-full"
        viewBox={`0 0 ${frame.width} ${frame.height}`}
      >
        {overlays.map((overlay) =>
          overlay.path ? (
            <MeasureTrail
              key={overlay.id}
              samples={overlay.path}
              now={time}
              colour={overlay.colour}
              toPixels={toPixels}
              testId={`compare-path-${side}`}
            />
          ) : null,
        )}
      </svg>
      {values.length > 0 ? (
        <ul
          aria-label={`Measurements of ${side.toUpperCase()} at this moment`}
          data-testid={`compare-values-${side}`}
          className="pointer-events-none absolute right-1 bottom-1 grid justify-items-end gap-0.5 text-[11px] font-semibold tabular-nums sm:right-2 sm:bottom-2 sm:text-xs"
        >
          {values.map(({ id, value, colour }) => (
            <li
              key={id}
              className="rounded bg-black/70 px-1.5 py-0.5 text-white"
              style={{ borderLeft: `3px solid ${colour}` }}
            >
              {value}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
