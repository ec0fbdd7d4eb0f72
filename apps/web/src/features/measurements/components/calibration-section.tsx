import {
  HEIGHT_CALIBRATION_UNCERTAINTY,
  PLANE_PRESETS,
  ROUGH_CALIBRATION,
  type CalibrationBasis,
} from '@filmroom/contract';
import { RulerIcon, SquareDashedIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { CALIBRATION_PRESETS } from '../lib/angle-presets';
import type { AthleteHeight } from '../lib/height-calibration';
import type { PlaneChoice } from '../lib/plane-calibration';
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
  | 'corners'
  | 'setCorners'
  | 'planeChoice'
  | 'setPlaneChoice'
  | 'acrossText'
  | 'setAcrossText'
  | 'alongText'
  | 'setAlongText'
  | 'planeProblem'
  | 'pathUncertainty'
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
  if (basis === 'plane') return planeStatus(session);
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

/** The ground plane's status: which corner is next, or the scale and where it is rough. */
function planeStatus(session: CalibrationSession): string {
  const { calibration, corners, pathUncertainty } = session;
  if (corners.length === 0) {
    return 'Not calibrated: mark the four corners of a rectangle on the ground, in order around it.';
  }
  if (corners.length < 4) return `Corner ${corners.length + 1} of 4: click it on the picture.`;
  if (session.planeProblem) return 'These corners are not a rectangle on the ground.';
  if (!calibration) return 'Type the rectangle’s two sides in metres.';
  const scale = `1 px = up to ${(calibration.metresPerPixel * 1000).toFixed(1)} mm`;
  const status = `${scale} on the ground at the rectangle’s centre (±${percent(calibration.relativeUncertainty)})`;
  if (pathUncertainty !== null && pathUncertainty > ROUGH_CALIBRATION) {
    return `${status} — but ±${percent(pathUncertainty)} where the path runs, far from the rectangle: mark a larger one nearer the movement.`;
  }
  return calibration.relativeUncertainty > ROUGH_CALIBRATION
    ? `${status} — a small rectangle: mark a larger one for steadier numbers.`
    : status;
}

/** The ways to calibrate, in the order offered. */
const BASIS_CHOICES: { basis: CalibrationBasis; label: string }[] = [
  { basis: 'known-length', label: 'Something of known length' },
  { basis: 'athlete-height', label: 'The athlete’s height' },
  { basis: 'plane', label: 'A court marking on the ground' },
];

/** What the section asks the coach to do, for each way. */
const HOW_TO: Record<CalibrationBasis, string> = {
  'known-length':
    'Pause on a frame, draw a line along something of known length in the plane of the movement, and type its length. By keyboard: the arrow keys move one end, Enter sets it and moves to the other, Enter again sets the line.',
  'athlete-height':
    'Pause on a frame where the athlete stands upright, side on, and draw from the top of the head to the soles. By keyboard: the arrow keys move one end, Enter sets it and moves to the other, Enter again sets the line.',
  plane:
    'Pause on a frame and click the four corners of a court marking, in order around it, at the lines’ outer edges. Distances and speeds are then on the ground: a point in the air (a jump, a ball) is not. By keyboard: press Enter on the picture to place all four, then Tab to a corner and move it with the arrow keys (Shift for bigger steps).',
};

/**
 * Step 1 of the Measure tab: a line of known length, or the athlete's own height drawn head to
 * foot on a standing frame. Either way the uncertainty is stated; the height's is never small.
 */
export function CalibrationSection({ session, editable, athletes }: CalibrationSectionProps) {
  const id = useId();
  const byHeight = session.basis === 'athlete-height';
  const drawing = session.mode === 'calibrating';
  const onPlane = session.basis === 'plane';

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        1. Calibrate
      </h2>
      {editable ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">Calibrate by</legend>
          {BASIS_CHOICES.map((choice) => (
            <label key={choice.basis} className="flex items-center gap-2 text-xs">
              <input
                type="radio"
                name={`${id}-basis`}
                checked={session.basis === choice.basis}
                onChange={() => session.setBasis(choice.basis)}
                className="size-4 accent-primary"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="text-xs text-muted-foreground">{HOW_TO[session.basis]}</p>
      {editable ? (
        <div className="flex flex-wrap items-end gap-2">
          {onPlane ? (
            <PlaneFields session={session} id={id} />
          ) : (
            <>
              <Button
                variant={drawing ? 'default' : 'outline'}
                size="sm"
                aria-pressed={drawing}
                onClick={() => session.setMode(drawing ? 'idle' : 'calibrating')}
              >
                <RulerIcon aria-hidden />
                {`${session.line ? 'Redraw' : 'Draw'} ${byHeight ? 'head to foot' : 'line'}`}
              </Button>
              {byHeight ? (
                <ValueWithPicks
                  id={`${id}-height`}
                  label="Athlete’s height (cm)"
                  inputMode="numeric"
                  value={session.heightText}
                  onChange={session.setHeightText}
                  picksLabel="Height from a profile"
                  placeholder="From a profile…"
                  picks={athletes.map((athlete) => ({
                    key: athlete.id,
                    label: `${athlete.name} (${athlete.heightCm} cm)`,
                    value: String(athlete.heightCm),
                  }))}
                  noPicks="No profile heights to pick from: an athlete adds theirs in Settings, Profile."
                />
              ) : (
                <ValueWithPicks
                  id={`${id}-metres`}
                  label="Real length (m)"
                  inputMode="decimal"
                  value={session.metresText}
                  onChange={session.setMetresText}
                  picksLabel="Known lengths"
                  placeholder="Known lengths…"
                  picks={CALIBRATION_PRESETS.map((preset) => ({
                    key: preset.label,
                    label: preset.label,
                    value: String(preset.metres),
                  }))}
                />
              )}
            </>
          )}
        </div>
      ) : null}
      <p className="text-xs tabular-nums" data-testid="calibration-status" aria-live="polite">
        {calibrationStatus(session)}
      </p>
      {session.planeProblem ? (
        <p role="alert" className="text-xs text-destructive" data-testid="plane-problem">
          {/* The contract's words, as the server would answer them, as a sentence. */}
          {session.planeProblem.charAt(0).toUpperCase() + session.planeProblem.slice(1)}.
        </p>
      ) : null}
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

type ReadyValue = { key: string; label: string; value: string };

/**
 * A typed value with a list of ready ones beside it: a known length and its common objects,
 * a height and the profiles that have one. Picking fills the field; it can still be typed.
 */
function ValueWithPicks(props: {
  id: string;
  label: string;
  inputMode: 'decimal' | 'numeric';
  value: string;
  onChange: (text: string) => void;
  picksLabel: string;
  placeholder: string;
  picks: readonly ReadyValue[];
  /** Said instead of the list when it is empty. */
  noPicks?: string;
}) {
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={props.id} className="text-xs">
          {props.label}
        </Label>
        <Input
          id={props.id}
          inputMode={props.inputMode}
          className="h-8 w-24"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </div>
      {props.picks.length > 0 ? (
        <NativeSelect
          aria-label={props.picksLabel}
          className="h-8 py-1 text-xs md:text-xs"
          wrapperClassName="w-full"
          value=""
          onChange={(event) => {
            if (event.target.value) props.onChange(event.target.value);
          }}
        >
          <option value="">{props.placeholder}</option>
          {props.picks.map((pick) => (
            <option key={pick.key} value={pick.value}>
              {pick.label}
            </option>
          ))}
        </NativeSelect>
      ) : props.noPicks ? (
        <p className="w-full text-xs text-muted-foreground">{props.noPicks}</p>
      ) : null}
    </>
  );
}

/** The court marking (a preset, or two sides typed) and the button that marks its corners. */
function PlaneFields({ session, id }: { session: CalibrationSession; id: string }) {
  const marking = session.mode === 'cornering';
  const preset = PLANE_PRESETS.find((candidate) => candidate.id === session.planeChoice);
  const sideField = (side: 'across' | 'along', label: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${side}`} className="text-xs">
        {label}
      </Label>
      <Input
        id={`${id}-${side}`}
        inputMode="decimal"
        className="h-8 w-24"
        value={side === 'across' ? session.acrossText : session.alongText}
        onChange={(event) =>
          side === 'across'
            ? session.setAcrossText(event.target.value)
            : session.setAlongText(event.target.value)
        }
      />
    </div>
  );
  return (
    <>
      <NativeSelect
        aria-label="Court marking"
        className="h-8 py-1 text-xs md:text-xs"
        wrapperClassName="w-full"
        value={session.planeChoice}
        onChange={(event) => session.setPlaneChoice(event.target.value as PlaneChoice)}
      >
        {PLANE_PRESETS.map((option) => (
          <option key={option.id} value={option.id}>
            {`${option.label}: ${option.across} × ${option.along} m`}
          </option>
        ))}
        <option value="custom">Another rectangle (type its sides)</option>
      </NativeSelect>
      {preset ? (
        <p className="w-full text-xs text-muted-foreground" data-testid="plane-preset-note">
          Corner 1 to 2 runs {preset.firstSide} ({preset.across} m), 2 to 3 the next side (
          {preset.along} m). {preset.source}.
        </p>
      ) : (
        <>
          {sideField('across', 'Corner 1 to 2 (m)')}
          {sideField('along', 'Corner 2 to 3 (m)')}
        </>
      )}
      <Button
        variant={marking ? 'default' : 'outline'}
        size="sm"
        aria-pressed={marking}
        onClick={() => {
          if (marking) return session.setMode('idle');
          // Marking again starts from none; the picture then takes the clicks.
          session.setCorners([]);
          session.setMode('cornering');
        }}
      >
        <SquareDashedIcon aria-hidden />
        {session.corners.length > 0 ? 'Mark corners again' : 'Mark corners'}
      </Button>
    </>
  );
}
