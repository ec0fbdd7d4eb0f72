import type { AthleteReading, MetricRecord, RegenerateBody, Timing } from '@filmroom/contract';
import { CAMERA_VIEWS, movementLabel, type CameraView } from '@filmroom/contract/values';

/** 0.856 → "86%": confidence as it is shown everywhere. */
function percent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/**
 * "Detected: Golf swing · 86%", or who chose it: "Golf swing · Chosen by you" for those who can
 * change it (an editor), "Golf swing · Chosen by the coach" for those who only read it. A
 * detected general reading is recognition declining to name a movement: a percentage there
 * would read as confidence in "general", so it says it is not sure instead.
 */
export function movementLine(
  reading: Pick<AthleteReading, 'movement' | 'movementLabel' | 'movementSource' | 'confidence'>,
  editable: boolean,
): string {
  if (reading.movementSource === 'chosen') {
    return `${reading.movementLabel} · ${editable ? 'Chosen by you' : 'Chosen by the coach'}`;
  }
  if (reading.movement === 'general') return `${reading.movementLabel} · not sure which movement`;
  return `Detected: ${reading.movementLabel} · ${percent(reading.confidence)}`;
}

/** A movement FilmRoom thinks this might be, as offered under "Which movement is this?". */
export type MovementCandidate = NonNullable<AthleteReading['candidates']>[number] & {
  label: string;
  percent: string;
};

/**
 * The movements to offer when recognition was not sure (a general reading with candidates):
 * best first, each with its label and rounded percentage; empty when there is nothing to ask.
 */
export function movementQuestion(
  reading: Pick<AthleteReading, 'movement' | 'movementSource' | 'candidates'>,
): MovementCandidate[] {
  if (reading.movementSource !== 'detected' || reading.movement !== 'general') return [];
  return (reading.candidates ?? []).map((candidate) => ({
    ...candidate,
    label: movementLabel(candidate.movement),
    percent: percent(candidate.confidence),
  }));
}

/** What someone who cannot choose reads under the question: "Most likely Squat (48%) or …". */
export function candidatesSentence(candidates: MovementCandidate[]): string {
  const named = candidates.map((candidate) => `${candidate.label} (${candidate.percent})`);
  return `Most likely ${named.join(' or ')}.`;
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
  // Read from the body's own timing, so an estimate: said as one, to a tenth.
  if (timing?.source === 'detected' && factor !== 1) {
    return `Played back about ${Number(factor.toFixed(1))}× slower than real time (read from the movement)`;
  }
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
 * usual ones (through the API) is listed too, so the picker never shows something else. When
 * the factor was read from the movement, leaving it to FilmRoom says so.
 */
export function slowMotionChoices(timing: Timing | undefined) {
  const current = slowMotionChoice(timing);
  const choices: { value: string; label: string }[] = SLOW_MOTION_CHOICES.map((choice) =>
    choice.value === AS_THE_FILE_SAYS && timing?.source === 'detected'
      ? { value: choice.value, label: 'As read from the movement' }
      : choice,
  );
  if (!choices.some((choice) => choice.value === current)) {
    choices.push({ value: current, label: `${Number(Number(current).toFixed(2))}x` });
  }
  return choices;
}

/** The picker's value: the coach's own factor, else "as the file (or the movement) says". */
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
