import type { Judged } from './judge';

/** A reading shown at this confidence or more is a confident one (issue 27: "shown at 80%"). */
const CONFIDENT = 0.8;

export type Summary = {
  clips: number;
  right: number;
  abstained: number;
  wrong: number;
  withReps: number;
  repsExact: number;
  events: number;
  eventsWithin: number;
  /** Rubrics (not the general reading) shown at CONFIDENT or more on the main athlete. */
  confident: number;
  confidentRight: number;
  /** Wrong readings shown at CONFIDENT or more: the worst outcome, the target is none. */
  confidentWrong: string[];
  /** The chosen pass (clips of a coached movement read as the coach chose it). */
  chosen: number;
  chosenFound: number;
  chosenEvents: number;
  chosenEventsWithin: number;
};

const name = (j: Judged) =>
  `${j.clip.replace(/\.mp4$/, '')}${j.variant === 'original' ? '' : ` [${j.variant}]`}`;

/** Movement right / abstained / wrong, reps, events and calibration over a set of readings. */
export function summarise(judged: Judged[]): Summary {
  const results = judged.map((j) => j.result);
  const withReps = results.filter((r) => r.repsExpected !== null);
  const events = results.flatMap((r) => r.events);
  const confident = judged.filter(
    (j) => j.result.found !== 'general' && j.result.confidence >= CONFIDENT,
  );
  const chosen = judged.flatMap((j) => j.chosen ?? []);
  return {
    clips: results.length,
    right: results.filter((r) => r.outcome === 'right').length,
    abstained: results.filter((r) => r.outcome === 'abstained').length,
    wrong: results.filter((r) => r.outcome === 'wrong').length,
    withReps: withReps.length,
    repsExact: withReps.filter((r) => r.repsRight).length,
    events: events.length,
    eventsWithin: events.filter((e) => e.within).length,
    confident: confident.length,
    confidentRight: confident.filter((j) => j.result.outcome === 'right').length,
    confidentWrong: confident
      .filter((j) => j.result.outcome === 'wrong')
      .map(
        (j) =>
          `${name(j)}: ${j.result.found} at ${Math.round(j.result.confidence * 100)}%, labelled ${j.result.expected}`,
      ),
    chosen: chosen.length,
    chosenFound: chosen.filter((c) => c.found).length,
    chosenEvents: chosen.reduce((n, c) => n + c.eventsLabelled, 0),
    chosenEventsWithin: chosen.reduce((n, c) => n + c.eventsWithin, 0),
  };
}

const share = (part: number, whole: number) =>
  whole ? `${part} of ${whole} (${Math.round((part / whole) * 100)}%)` : '—';

/** One row of the summary table. */
export function summaryRow(summary: Summary) {
  return {
    clips: summary.clips,
    right: share(summary.right, summary.clips),
    abstained: summary.abstained,
    wrong: summary.wrong,
    'reps exact': share(summary.repsExact, summary.withReps),
    'events within': share(summary.eventsWithin, summary.events),
    [`right at ≥${CONFIDENT * 100}%`]: share(summary.confidentRight, summary.confident),
    'confident wrong': summary.confidentWrong.length,
    'chosen: phases found': share(summary.chosenFound, summary.chosen),
    'chosen: events within': share(summary.chosenEventsWithin, summary.chosenEvents),
  };
}

/** Labelled movement × movement found on the main athlete (every clip a negative for the rest). */
export function confusionMatrix(judged: Judged[]): Record<string, Record<string, number | ''>> {
  const found = [...new Set(['general', ...judged.map((j) => j.result.found)])].sort();
  const labels = [...new Set(judged.map((j) => j.result.expected))].sort();
  return Object.fromEntries(
    labels.map((label) => {
      const row = judged.filter((j) => j.result.expected === label);
      return [
        label,
        Object.fromEntries(
          found.map((f) => {
            const n = row.filter((j) => j.result.found === f).length;
            return [f, n || ''];
          }),
        ),
      ];
    }),
  );
}

const ms = (seconds: number | null) =>
  seconds === null ? 'missing' : `${Math.round(seconds * 1000)} ms`;

/** One row per clip or variant: what was found against the label. */
export function clipRow(j: Judged) {
  const r = j.result;
  return {
    clip: name(j),
    label: r.expected,
    found: `${r.found} (${Math.round(r.confidence * 100)}%)`,
    movement: r.outcome === 'right' ? 'right' : r.outcome === 'wrong' ? 'WRONG' : 'abstained',
    view: `${r.view}${r.viewRight === false ? ' ✗' : ''}`,
    reps:
      r.repsExpected === null
        ? `${r.repsFound} (no label)`
        : `${r.repsFound} of ${r.repsExpected}${r.repsRight ? '' : ' ✗'}`,
    events: r.events.length
      ? `${r.events.filter((e) => e.within).length} of ${r.events.length} within`
      : '',
  };
}

/** Each labelled event's error, for the clips that have events. */
export function eventLines(judged: Judged[]): string[] {
  return judged
    .filter((j) => j.result.events.length)
    .map(
      (j) =>
        `${name(j)}: ${j.result.events.map((e) => `${e.name} ${ms(e.error)}${e.within ? '' : ` (tol ${Math.round(e.tol * 1000)} ms) ✗`}`).join(', ')}`,
    );
}

/** The chosen pass: with the labelled movement chosen, were its phases found? */
export function chosenRow(j: Judged) {
  const c = j.chosen!;
  return {
    clip: name(j),
    chosen: c.movement,
    found: c.found ? 'yes' : 'NO',
    events: c.events,
    repetitions: c.repetitions,
    'labelled events within': c.eventsLabelled ? `${c.eventsWithin} of ${c.eventsLabelled}` : '',
  };
}

export function chosenSummary(judged: Judged[]): string {
  const events = judged.reduce((n, j) => n + j.chosen!.eventsLabelled, 0);
  const within = judged.reduce((n, j) => n + j.chosen!.eventsWithin, 0);
  return `phases found on ${share(judged.filter((j) => j.chosen!.found).length, judged.length)}; labelled events within tolerance ${share(within, events)}`;
}

export { name as readingName };
