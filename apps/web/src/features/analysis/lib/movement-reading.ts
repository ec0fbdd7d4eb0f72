import type { AthleteReading, MetricRecord, RegenerateBody, Timing } from '@filmroom/contract';
import { CAMERA_VIEWS, type CameraView } from '@filmroom/contract/values';

/** "Golf swing · detected 86%", or "Golf swing · chosen by the coach". */
export function movementLine(
  reading: Pick<AthleteReading, 'movementLabel' | 'movementSource' | 'confidence'>,
): string {
  const how =
    reading.movementSource === 'chosen'
      ? 'chosen by the coach'
      : `detected ${Math.round(reading.confidence * 100)}%`;
  return `${reading.movementLabel} · ${how}`;
}

/** "Filmed side-on"; an angle that could not be told is said plainly. */
export function cameraViewLine(view: CameraView): string {
  if (view === 'unknown') return 'Camera angle could not be told';
  const label = CAMERA_VIEWS.find((entry) => entry.id === view)?.label ?? view;
  return `Filmed ${label}`;
}

/** "×4", "×2.5": a factor as a coach would say it. */
function formatFactor(factor: number): string {
  return `×${Number(factor.toFixed(2))}`;
}

/** How the clip's time relates to real time, and who said so. */
export function timingLine(timing: Timing | undefined): string {
  const factor = timing?.slowMotionFactor ?? null;
  if (factor === null) return 'Real time: nothing in the file says slow motion';
  const pace = factor === 1 ? 'Real time' : `Slow motion ${formatFactor(factor)}`;
  return timing?.source === 'container'
    ? `${pace}, from the file's metadata`
    : `${pace}, set by the coach`;
}

/** The "Filmed in slow motion" picker's choices: `file` sends null (what the file says). */
export const AS_THE_FILE_SAYS = 'file';
const SLOW_MOTION_CHOICES = [
  { value: AS_THE_FILE_SAYS, label: 'As the file says' },
  { value: '1', label: 'Real time' },
  { value: '2', label: '2x' },
  { value: '4', label: '4x' },
  { value: '8', label: '8x' },
] as const;

/**
 * The choices to offer for the current timing: a factor the coach set that is not one of the
 * usual ones (through the API) is listed too, so the picker never shows something else.
 */
export function slowMotionChoices(timing: Timing | undefined) {
  const current = slowMotionChoice(timing);
  const choices: { value: string; label: string }[] = [...SLOW_MOTION_CHOICES];
  if (!choices.some((choice) => choice.value === current)) {
    choices.push({ value: current, label: `${Number(Number(current).toFixed(2))}x` });
  }
  return choices;
}

/** The picker's value: the coach's own factor, else "as the file says". */
export function slowMotionChoice(timing: Timing | undefined): string {
  if (timing?.source !== 'coach' || timing.slowMotionFactor === null) return AS_THE_FILE_SAYS;
  return String(timing.slowMotionFactor);
}

/** What Regenerate is sent for a picked slow-motion choice. */
export function slowMotionBody(choice: string): Pick<RegenerateBody, 'slowMotionFactor'> {
  return { slowMotionFactor: choice === AS_THE_FILE_SAYS ? null : Number(choice) };
}

/** The mark beside a metric: measured against a target and met, missed, or only measured. */
export function metricMark(status: MetricRecord['status']): string | null {
  if (status === 'ok') return 'On target';
  if (status === 'fault') return 'Needs work';
  return null;
}
