import { planeOutlines, type MeasurementOverlay } from '@filmroom/contract';
import { MeasureTrail } from '@/components/measure-trail';
import { PlaneOutline } from '@/components/plane-outline';
import { containedRect } from '@/lib/content-box';
import { cn } from '@/lib/utils';
import type { SideKey } from '../lib/side-colours';

type MeasureOverlayLayerProps = {
  side: SideKey;
  overlays: readonly MeasurementOverlay[];
  /** The side's own time: its sync point plus the shared time. */
  time: number;
  frame: { width: number; height: number };
  video: { width: number; height: number };
  /** List the values over the picture's corner; off when the stage lists them elsewhere. */
  showValues?: boolean;
};

/** What each measurement reads at the side's own moment, in its colour. */
export function measureValuesAt(overlays: readonly MeasurementOverlay[], time: number) {
  return overlays.flatMap((overlay) => {
    const value = overlay.valueAt(time);
    return value === null ? [] : [{ id: overlay.id, value, colour: overlay.colour }];
  });
}

/**
 * The values as a list of chips (also what a screen reader hears, as it cannot see the
 * picture); where it sits is the caller's: over the picture, or under it on a phone.
 */
export function MeasureValues({
  side,
  values,
  className,
}: {
  side: SideKey;
  values: ReturnType<typeof measureValuesAt>;
  className?: string;
}) {
  if (values.length === 0) return null;
  return (
    <ul
      aria-label={`Measurements of ${side.toUpperCase()} at this moment`}
      data-testid={`compare-values-${side}`}
      className={cn(
        'pointer-events-none grid gap-0.5 text-[11px] font-semibold tabular-nums sm:text-xs',
        className,
      )}
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
  );
}

/**
 * One side's saved measurements over its picture: the court rectangle they were measured on
 * (this take's own, under the paths), each path with its fading trail, and what
 * each reads at the side's own moment (speed, angle, stopwatch) in the picture's corner. The
 * values are also listed for a screen reader, which cannot see the picture.
 */
export function MeasureOverlayLayer({
  side,
  overlays,
  time,
  frame,
  video,
  showValues = true,
}: MeasureOverlayLayerProps) {
  if (frame.width === 0 || overlays.length === 0) return null;
  const picture = containedRect(frame, video);
  const toPixels = (point: { x: number; y: number }) => ({
    x: picture.x + (point.x / 100) * picture.width,
    y: picture.y + (point.y / 100) * picture.height,
  });
  const values = measureValuesAt(overlays, time);
  return (
    <>
      <svg
        aria-hidden
        data-testid={`compare-measurements-${side}`}
        className="pointer-events-none absolute inset-0 size-full"
        viewBox={`0 0 ${frame.width} ${frame.height}`}
      >
        {planeOutlines(overlays).map((corners) => (
          <PlaneOutline
            key={corners.map((corner) => `${corner.x},${corner.y}`).join(' ')}
            corners={corners.map(toPixels)}
            testId={`compare-plane-${side}`}
          />
        ))}
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
      {showValues ? (
        <MeasureValues
          side={side}
          values={values}
          className="absolute right-1 bottom-1 justify-items-end sm:right-2 sm:bottom-2"
        />
      ) : null}
    </>
  );
}
