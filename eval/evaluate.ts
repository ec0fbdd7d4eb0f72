import type { AthleteReading, MovementId } from '@filmroom/contract';

/** Ground truth for one clip, as `../shared/fixtures/labels.json` writes it. */
export type ClipLabel = {
  movement: string;
  view?: string;
  athletes?: { movement: string }[];
  reps?: { count: number; times_s: number[]; tol_s: number | number[] };
  events?: { name: string; t: number; tol: number }[];
};

export type ClipResult = {
  clip: string;
  expected: string;
  found: MovementId | 'none';
  confidence: number;
  movementRight: boolean;
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

// Labels FilmRoom's catalogue has no entry for: the honest answer is the general reading.
const OUTSIDE_CATALOGUE = new Set(['general_play', 'dance', 'boxing', 'baseball_pitch', 'pull_up']);

function sameKind(found: string, labelled: string): boolean {
  return (
    found === labelled ||
    labelled.endsWith(`_${found}`) ||
    found.startsWith(`${labelled}_`) ||
    labelled.startsWith(`${found}_`)
  );
}

/** The catalogue id a label means. */
function expectedMovement(label: string): MovementId {
  return (OUTSIDE_CATALOGUE.has(label) ? 'general' : label) as MovementId;
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
  const allowed = new Set(
    [label.movement, ...(label.athletes ?? []).map((a) => a.movement)].map(expectedMovement),
  );
  const found = main?.movement ?? 'none';
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
    movementRight: found !== 'none' && allowed.has(found),
    view: main?.view ?? 'unknown',
    viewRight: label.view ? label.view.startsWith(main?.view ?? 'none') : null,
    repsExpected,
    repsFound: repetitions,
    repsRight: repsExpected === null ? null : repetitions === repsExpected,
    events,
  };
}
