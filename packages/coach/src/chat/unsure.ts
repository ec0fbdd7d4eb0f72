/**
 * When the reading is not sure which movement the clip shows (no catalogue movement fitted,
 * or recognition was below the confidence at which a rubric is trusted), the chat says so and
 * asks, naming the likely movements, rather than answering in another movement's words.
 */
import {
  MOVEMENT_IDS,
  movementLabel,
  type AthleteReading,
  type MovementId,
} from '@filmroom/contract';
import { guideFor } from '../movements/catalogue';
import { lowerFirst } from './wording';

// A detected movement shown at this confidence or more is right at least 95% of the time
// (issue 27's calibration target); below it the reading is a guess.
const SURE = 0.8;

/** Whether the reading's movement is a guess: general, or recognised below SURE. */
export function isUnsure(reading: AthleteReading): boolean {
  return (
    reading.movement === 'general' ||
    (reading.movementSource === 'detected' && reading.confidence < SURE)
  );
}

/** The catalogue movements with a key moment of this name ("Impact": golf, and tennis contact). */
function movementsWithMoment(label: string): MovementId[] {
  const once = (words: RegExp) => new RegExp(words.source, words.flags.replace(/[gy]/g, ''));
  return MOVEMENT_IDS.filter((id) =>
    guideFor(id).phases.some(
      (phase) => phase.label.toLowerCase() === label.toLowerCase() || once(phase.words).test(label),
    ),
  );
}

/**
 * The two movements most likely shown, best first: the recognition's candidates, those with
 * the moment asked about first (a question about impact is evidence of a swing), or, when
 * none has it, the first movement that has; then the reading's own movement.
 */
export function likelyMovements(reading: AthleteReading, moment?: string): MovementId[] {
  const candidates = (reading.candidates ?? []).map((c) => c.movement);
  const withMoment = moment ? movementsWithMoment(moment) : [];
  const fitting = candidates.filter((id) => withMoment.includes(id));
  const ordered = [
    ...fitting,
    // No candidate has the moment: the first movement that has it is the likely one.
    ...(fitting.length ? [] : withMoment.slice(0, 1)),
    ...candidates,
    reading.movement,
  ].filter((id) => id !== 'general');
  return [...new Set(ordered)].slice(0, 2);
}

/** "a golf swing", "running / sprinting", "jumping jacks": a movement in a sentence. */
function movementNoun(id: MovementId): string {
  const label = movementLabel(id).toLowerCase();
  // Activities and plurals take no article: "running", "jumping jacks", "yoga".
  if (/^(\w+ing|yoga)\b|s$/.test(label.split(' / ')[0]!)) return label;
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** "a golf swing or a squat", "a golf swing". */
const either = (ids: MovementId[]) => ids.map(movementNoun).join(' or ');

/** How a coach tells FilmRoom the movement: said in every answer that asks. */
export const CHOOSE_MOVEMENT = 'under Movement in the Analysis tab';
const CHOOSE = `Choose it ${CHOOSE_MOVEMENT}`;

/**
 * "I am not sure which movement this is. Is this a golf swing or a squat? Choose it under
 * Movement in the Analysis tab and I can talk about impact." For a reading that is a guess.
 */
export function whichMovement(reading: AthleteReading, moment?: string): string {
  const likely = likelyMovements(reading, moment);
  const why =
    reading.movement === 'general'
      ? 'FilmRoom did not recognise which movement this clip shows'
      : `FilmRoom is not sure this clip shows ${movementNoun(reading.movement)} (it read it at ${Math.round(reading.confidence * 100)}%, too little to coach by)`;
  const ask = likely.length
    ? ` Is this ${either(likely)}? ${CHOOSE}${moment ? ` and I can talk about ${lowerFirst(moment)}` : ' and I can coach it in its own words'}.`
    : ` Which movement is it? ${CHOOSE}${moment ? ` and I can talk about ${lowerFirst(moment)}` : ''}.`;
  return `${why}, so I will not answer as one movement or another.${ask}`;
}

/**
 * "If this is a golf swing, choose it under Movement …": after saying this movement has no such
 * moment, the movement that has it, as the likely correction.
 */
export function likelyCorrection(reading: AthleteReading, moment: string): string {
  const other = likelyMovements(reading, moment).find(
    (id) => id !== reading.movement && movementsWithMoment(moment).includes(id),
  );
  if (!other) return '';
  return ` If this is ${movementNoun(other)}, ${lowerFirst(CHOOSE)} and I can talk about ${lowerFirst(moment)}.`;
}

/**
 * "FilmRoom is not sure this is a squat (60%): if it is, …" before an answer in the guessed
 * movement's words, with the question of which movement it is.
 */
export function unsureCaveat(reading: AthleteReading): string {
  const likely = likelyMovements(reading);
  const others = likely.filter((id) => id !== reading.movement);
  const ask = others.length
    ? ` If it is ${either(others)}, ${lowerFirst(CHOOSE)}.`
    : ` If it is another movement, ${lowerFirst(CHOOSE)}.`;
  return `_FilmRoom is not sure this clip shows ${movementNoun(reading.movement)} (${Math.round(reading.confidence * 100)}%), so this reads it as one.${ask}_`;
}
