import {
  HEIGHT_CALIBRATION_UNCERTAINTY,
  ROUGH_CALIBRATION,
  type CalibrationBasis,
} from '@filmroom/contract';
import { RulerIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { CALIBRATION_PRESETS } from '../lib/angle-presets';
import type { AthleteHeight } from '../lib/height-calibration';
import type { MeasureSession } from './use-measure-session';

/** What the section reads and sets of the Measure tab's session. */
export type CalibrationSession = Pick<
  MeasureSession,
  | 'mode'
  | 'setMode'
  | 'line'
  | 'metresText'
  | 'setMetresText'
  | 'basis'
  | 'setBasis'
  | 'heightText'
  | 'setHeightText'
  | 'bentAtLine'
  | 'calibration'
  | 'farFromPath'
>;

type CalibrationSectionProps = {
  session: CalibrationSession;
  editable: boolean;
  /** People whose profile height this viewer may use: themselves, their accepted athletes. */
  athletes: readonly AthleteHeight[];
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** The status line: the scale and how far to trust it, or what is still missing. */
function calibrationStatus(session: CalibrationSession): string {
  const { calibration, basis, line } = session;
  const byHeight = basis === 'athlete-height';
  if (!calibration) {
    if (!line) {
      return byHeight
        ? 'Not calibrated: draw a line from the top of the athlete’s head to their soles.'
        : 'Not calibrated: distances and speeds need a line of known length.';
    }
    return byHeight
      ? 'Type the athlete’s height in centimetres (50–250).'
      : 'Type the line’s real length.';
  }
  const scale = `1 px = ${(calibration.metresPerPixel * 1000).toFixed(2)} mm`;
  const plane = byHeight ? 'on the athlete’s plane' : 'on the plane of the line';
  const rough =
    calibration.relativeUncertainty > ROUGH_CALIBRATION
      ? ' — a short line: draw a longer one for steadier numbers.'
      : '';
  return `${scale} ${plane} (±${percent(calibration.relativeUncertainty)})${rough}`;
}

/**
 * Step 1 of the Measure tab: a line of known length, or the athlete's own height drawn head to
 * foot on a standing frame. Either way the uncertainty is stated; the height's is never small.
 */
export function CalibrationSection({ session, editable, athletes }: CalibrationSectionProps) {
  const id = useId();
  const byHeight = session.basis === 'athlete-height';
  const drawing = session.mode === 'calibrating';
  const chooseBasis = (basis: CalibrationBasis) => session.setBasis(basis);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        1. Calibrate
      </h2>
      {editable ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">Calibrate by</legend>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="radio"
              name={`${id}-basis`}
              checked={!byHeight}
              onChange={() => chooseBasis('known-length')}
              className="size-4 accent-primary"
            />
            Something of known length
          </label>
          <label className="flex items-center gap-2 text-xs">
            <input
              type="radio"
              name={`${id}-basis`}
              checked={byHeight}
              onChange={() => chooseBasis('athlete-height')}
              className="size-4 accent-primary"
            />
            The athlete’s height
          </label>
        </fieldset>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {byHeight
          ? 'Pause on a frame where the athlete stands upright, side on, and draw from the top of the head to the soles.'
          : 'Pause on a frame, draw a line along something of known length in the plane of the movement, and type its length.'}{' '}
        By keyboard: the arrow keys move one end, Enter sets it and moves to the other, Enter again
        sets the line.
      </p>
      {editable ? (
        <div className="flex flex-wrap items-end gap-2">
          <Button
            variant={drawing ? 'default' : 'outline'}
            size="sm"
            aria-pressed={drawing}
            onClick={() => session.setMode(drawing ? 'idle' : 'calibrating')}
          >
            <RulerIcon aria-hidden />
            {byHeight
              ? session.line
                ? 'Redraw head to foot'
                : 'Draw head to foot'
              : session.line
                ? 'Redraw line'
                : 'Draw line'}
          </Button>
          {byHeight ? (
            <HeightFields session={session} athletes={athletes} id={id} />
          ) : (
            <LengthFields session={session} id={id} />
          )}
        </div>
      ) : null}
      <p className="text-xs tabular-nums" data-testid="calibration-status" aria-live="polite">
        {calibrationStatus(session)}
      </p>
      {byHeight ? (
        <p className="text-xs text-muted-foreground" data-testid="height-uncertainty">
          A standing height is good to about ±{percent(HEIGHT_CALIBRATION_UNCERTAINTY)} at best:
          shoes, hair and posture each add a centimetre or so. It holds only on a frame where the
          athlete stands upright; on a crouched or leaning frame the body is shorter than their
          height, and every distance and speed comes out too large.
        </p>
      ) : null}
      {session.bentAtLine ? (
        <p
          role="alert"
          className="text-xs text-amber-700 dark:text-amber-400"
          data-testid="not-upright"
        >
          The scan sees the athlete bent on this frame ({session.bentAtLine.joint.toLowerCase()}{' '}
          {session.bentAtLine.degrees}°, standing is about 180°): redraw the line on a frame where
          they stand upright.
        </p>
      ) : null}
      {session.farFromPath ? (
        <p
          role="status"
          className="text-xs text-amber-700 dark:text-amber-400"
          data-testid="far-from-plane"
        >
          The line is far in the picture from the measured path. If the two are not at the same
          distance from the camera, distances and speeds are off by the ratio of those distances:
          calibrate on something the athlete carries or stands beside.
        </p>
      ) : null}
    </section>
  );
}

function LengthFields({ session, id }: { session: CalibrationSession; id: string }) {
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-metres`} className="text-xs">
          Real length (m)
        </Label>
        <Input
          id={`${id}-metres`}
          inputMode="decimal"
          className="h-8 w-24"
          value={session.metresText}
          onChange={(event) => session.setMetresText(event.target.value)}
        />
      </div>
      <NativeSelect
        aria-label="Known lengths"
        className="h-8 py-1 text-xs md:text-xs"
        wrapperClassName="w-full"
        value=""
        onChange={(event) => {
          if (event.target.value) session.setMetresText(event.target.value);
        }}
      >
        <option value="">Known lengths…</option>
        {CALIBRATION_PRESETS.map((preset) => (
          <option key={preset.label} value={preset.metres}>
            {preset.label}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}

function HeightFields({
  session,
  athletes,
  id,
}: {
  session: CalibrationSession;
  athletes: readonly AthleteHeight[];
  id: string;
}) {
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-height`} className="text-xs">
          Athlete’s height (cm)
        </Label>
        <Input
          id={`${id}-height`}
          inputMode="numeric"
          className="h-8 w-24"
          value={session.heightText}
          onChange={(event) => session.setHeightText(event.target.value)}
        />
      </div>
      {athletes.length > 0 ? (
        <NativeSelect
          aria-label="Height from a profile"
          className="h-8 py-1 text-xs md:text-xs"
          wrapperClassName="w-full"
          value=""
          onChange={(event) => {
            if (event.target.value) session.setHeightText(event.target.value);
          }}
        >
          <option value="">From a profile…</option>
          {athletes.map((athlete) => (
            <option key={athlete.id} value={athlete.heightCm}>
              {athlete.name} ({athlete.heightCm} cm)
            </option>
          ))}
        </NativeSelect>
      ) : (
        <p className="w-full text-xs text-muted-foreground">
          No profile heights to pick from: an athlete adds theirs in Settings, Profile.
        </p>
      )}
    </>
  );
}
