import { MOVEMENT_IDS, type AthleteReading, type MovementId } from '@filmroom/contract';

/** Ground truth for one clip, as `../shared/fixtures/labels.json` writes it. */
export type ClipLabel = {
  movement: string;
  view?: string;
  duration_s?: number;
  athletes?: { movement: string }[];
  reps?: { count: number; times_s: number[]; tol_s: number | number[] };
  events?: { name: string; t: number; tol: number }[];
};

/**
 * How the main athlete's movement reads against the label: the labelled movement (or, for a
 * label outside the catalogue, the general reading), the general reading where a catalogue
 * movement was labelled (abstained: honest, not right), or another movement's rubric (wrong).
 */
type Outcome = 'right' | 'abstained' | 'wrong';

export type ClipResult = {
  clip: string;
  expected: string;
  found: MovementId | 'none';
  confidence: number;
  movementRight: boolean;
  outcome: Outcome;
  view: string;
  /** Whether the estimated camera view is the labelled one (labels start with the view id). */
  viewRight: boolean | null;
  repsExpected: number | null;
  repsFound: number;
  repsRight: boolean | null;
  /** Per labelled event: the nearest found event of that name, and the error in seconds. */
  events: {
    name: string;
    t: number;
    tol: number;
    found: number | null;
    error: number | null;
    within: boolean;
  }[];
};

const CATALOGUE = new Set<string>(MOVEMENT_IDS.filter((id) => id !== 'general'));

/**
 * Whether a label names a movement the catalogue coaches. The others (dance, situp,
 * walking, jump_rope, boxing, baseball_pitch, general_play) are read right by the general
 * reading, until the catalogue grows one for them.
 */
export function inCatalogue(label: string): label is MovementId {
  return CATALOGUE.has(label);
}

function sameKind(found: string, labelled: string): boolean {
  // A shadow stroke has no ball: its label marks the "contact_zone", where contact would be.
  const kind = labelled.replace(/_zone$/, '');
  return (
    found === kind ||
    kind.endsWith(`_${found}`) ||
    found.startsWith(`${kind}_`) ||
    kind.startsWith(`${found}_`)
  );
}

/** The catalogue id a label means. */
function expectedMovement(label: string): MovementId {
  return inCatalogue(label) ? label : 'general';
}

function outcomeOf(found: MovementId | 'none', label: string, allowed: Set<MovementId>): Outcome {
  if (found !== 'none' && allowed.has(found)) return 'right';
  // No rubric applied where one was labelled: honest, not right.
  if (inCatalogue(label) && (found === 'general' || found === 'none')) return 'abstained';
  // Nobody read on a clip outside the catalogue: no rubric was applied either.
  if (found === 'none') return 'abstained';
  return 'wrong';
}

/**
 * Compares the main athlete's reading (the one seen longest) with a clip's labels: movement
 * (the clip's, or any labelled athlete's when the clip is a mix), repetitions, key events.
 */
export function evaluateClip(
  clip: string,
  label: ClipLabel,
  readings: AthleteReading[],
  repetitions: number,
): ClipResult {
  const main = readings[0];
  // Any labelled athlete's movement is right for the main reading (a clip may mix several);
  // the general reading is right only where the clip's own label is outside the catalogue.
  const allowed = new Set(
    [label.movement, ...(label.athletes ?? []).map((a) => a.movement)]
      .map(expectedMovement)
      .filter((id) => id !== 'general' || !inCatalogue(label.movement)),
  );
  const found = main?.movement ?? 'none';
  const outcome = outcomeOf(found, label.movement, allowed);
  const repsExpected = label.reps?.count ?? null;
  const events = (label.events ?? []).map((e) => {
    // Labels do not say whose event it is (a clip may have several athletes): any reading's
    // event of that kind counts. "warrior_ii_hold_start" is a "hold_start", "contact_forehand"
    // a "contact".
    const candidates = readings.flatMap((r) => r.events).filter((f) => sameKind(f.name, e.name));
    const nearest = candidates.sort((a, b) => Math.abs(a.t - e.t) - Math.abs(b.t - e.t))[0];
    const error = nearest ? Math.round((nearest.t - e.t) * 1000) / 1000 : null;
    return {
      name: e.name,
      t: e.t,
      tol: e.tol,
      found: nearest?.t ?? null,
      error,
      within: error !== null && Math.abs(error) <= e.tol + 1e-9,
    };
  });
  return {
    clip,
    expected: label.movement,
    found,
    confidence: main?.confidence ?? 0,
    movementRight: outcome === 'right',
    outcome,
    view: main?.view ?? 'unknown',
    viewRight: label.view ? label.view.startsWith(main?.view ?? 'none') : null,
    repsExpected,
    repsFound: repetitions,
    repsRight: repsExpected === null ? null : repetitions === repsExpected,
    events,
  };
}
