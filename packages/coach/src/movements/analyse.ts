import {
  movementLabel,
  type AthleteReading,
  type CoachingPoint,
  type MetricRecord,
  type MovementId,
} from '@filmroom/contract';
import type { CoachInstructions } from './instructions';
import type { PoseScan, PoseTrack } from '../pose';
import { stitchFragments } from '../track-stitching';
import { athleteFrom, type Athlete } from './athlete';
import { CATALOGUE, moduleFor } from './catalogue';
import { faultPoints } from './points';
import { pacedFactor } from './pace';
import { toRecord } from './records';
import type { MovementModule, MovementReading, ReadContext } from './types';
import { estimateView } from './view';

// A track seen for less than this share of the longest one is a passer-by, not an athlete.
const MIN_PRESENCE = 0.3;
const MAX_ATHLETES = 4;
// A trunk shorter than this share of the frame's height is too small to measure joints on.
const MIN_TRUNK_SHARE = 0.045;

export type AthleteAnalysis = {
  athlete: Athlete;
  reading: AthleteReading;
  movement: MovementReading;
  module: MovementModule;
  records: MetricRecord[];
  points: CoachingPoint[];
};

export type ReadOptions = {
  instructions: CoachInstructions;
  movement: MovementId | null;
  slowMotionFactor: number | null;
  people: ReadonlyMap<number | string, { name: string; playerMatchId: string | null }>;
};

/** The athletes worth coaching: seen long enough and big enough, the most seen first. */
function athletesIn(scan: PoseScan): { track: PoseTrack; athlete: Athlete }[] {
  const tracks = stitchFragments(scan.tracks);
  const longest = Math.max(0, ...tracks.map((track) => track.samples.length));
  return tracks
    .filter((track) => track.samples.length >= Math.max(5, longest * MIN_PRESENCE))
    .flatMap((track) => {
      const athlete = athleteFrom(track, scan);
      return athlete && athlete.trunk >= scan.height * MIN_TRUNK_SHARE ? [{ track, athlete }] : [];
    })
    .sort(
      (a, b) =>
        b.athlete.moments.length * Math.sqrt(b.athlete.trunk) -
        a.athlete.moments.length * Math.sqrt(a.athlete.trunk),
    )
    .slice(0, MAX_ATHLETES);
}

// The playback factors a clip is read at when neither the file nor the coach declared one:
// phones film slow motion at 60 to 240 frames a second and play it at 24 to 30, so slowed
// footage plays 2 to 8 times slower than life. Each movement is tried at each, and read at the
// one its own timing fits (a golf downswing takes a quarter of a second in life, however long
// the clip shows it).
const PLAYBACK_FACTORS = [1, 2, 2.5, 4, 5.5, 8];
// Real time is the likelier reading of any clip: a slowed reading must fit clearly better.
const SLOWED_PRIOR = 0.8;
// A playback speed read from the movement itself, not declared, leaves room for doubt: such a
// reading is never shown as near-certain.
const SLOWED_CONFIDENCE_CAP = 0.75;
// A rubric is applied only on this much evidence for the movement...
const APPLY = 0.6;
// ...and this clear a lead over the next most likely movement; otherwise the honest general
// reading is given, and the coach is asked which movement it is.
const MARGIN = 0.2;
// Below this a movement is not worth offering as "Which movement is this?".
const CANDIDATE = 0.15;

type Recognition = { id: MovementId; score: number; factor: number };

/** The athlete on the real clock for each playback factor tried (1: the clip's own clock). */
type Clocks = (factor: number) => Athlete;

function clocksOf(track: PoseTrack, scan: PoseScan, onClip: Athlete): Clocks {
  const made = new Map<number, Athlete>([[1, onClip]]);
  return (factor) => {
    let athlete = made.get(factor);
    if (!athlete) made.set(factor, (athlete = onRealClock(track, scan, 1 / factor)));
    return athlete;
  };
}

// Fits this close are as good as each other (a movement fits a range of speeds equally well).
const SAME_FIT = 0.02;
// A movement this clearly there on the clip's own clock is read on it, whatever a slower clock
// would add: people move slowly too (a practice swing, a pause at the top), and saying a real-
// time clip is slow motion is a false statement about the clip.
const REAL_TIME_FITS = 0.8;

/**
 * How well one movement fits, and at which playback factor. Real time wherever it fits as well
 * as any slowed reading; otherwise, within the range of factors that fit best, where the
 * movement's own pace puts it (`pacedFactor`), or without one the middle of the range (a stride
 * fits every speed between a jog's and a sprint's: the middle errs least either way).
 */
function fitOf(module: MovementModule, clocks: Clocks, factors: number[]): Recognition {
  const tried = (module.timed ? factors : factors.slice(0, 1)).map((factor) => ({
    factor,
    score: clamp01(module.recognise(clocks(factor))),
  }));
  const best = Math.max(...tried.map((t) => t.score));
  const fitting = tried.filter((t) => t.score >= best - SAME_FIT);
  if (best === 0 || fitting[0]!.factor === factors[0] || tried[0]!.score >= REAL_TIME_FITS) {
    return { id: module.id, score: best, factor: factors[0]! };
  }
  const low = fitting[0]!.factor;
  const high = fitting.at(-1)!.factor;
  const middle = Math.sqrt(low * high);
  const factor = pacedFactor(module, clocks, { low, high }) ?? middle;
  return { id: module.id, score: best * SLOWED_PRIOR, factor: Math.round(factor * 2) / 2 };
}

/** Every catalogue entry's fit for this athlete, best first. */
function recognise(clocks: Clocks, factors: number[]): Recognition[] {
  return CATALOGUE.filter((module) => module.id !== 'general')
    .map((module) => fitOf(module, clocks, factors))
    .sort((a, b) => b.score - a.score);
}

/**
 * Each athlete's ranking with the movements of other sports than the clip's left out: the
 * clip's sport is that of the most certain recognition of a movement whose sport owns the clip
 * (a basketball practice has no tennis groundstroke in it, however a passer's arm swing scores).
 */
export function withinOneSport<T extends { id: MovementId; score: number }>(
  rankings: NoInfer<T>[][],
): T[][] {
  const owningSport = (id: MovementId) => {
    const module = moduleFor(id);
    return module?.sportOwnsClip ? module.sport : null;
  };
  const sure = rankings
    .map((ranked) => ranked[0])
    .filter((best) => best && best.score >= APPLY && owningSport(best.id))
    .sort((a, b) => b!.score - a!.score)[0];
  const sport = sure && owningSport(sure.id);
  if (!sport) return rankings;
  return rankings.map((ranked) =>
    ranked.filter((candidate) => {
      const own = owningSport(candidate.id);
      return !own || own === sport;
    }),
  );
}

/**
 * The movement to read: the coach's choice, or the best fit when it is clearly the best (enough
 * evidence and a clear lead); otherwise none, and the reading is the general one.
 */
function decide(ranked: Recognition[]): Recognition | undefined {
  const [best, runnerUp] = ranked;
  if (!best || best.score < APPLY) return undefined;
  return best.score - (runnerUp?.score ?? 0) >= MARGIN ? best : undefined;
}

/**
 * The playback factor a chosen movement is read at: where the movement fits best, or, where it
 * fits nowhere, where its reading finds the most key moments (real time on a tie).
 */
function factorForChoice(
  module: MovementModule,
  clocks: Clocks,
  factors: number[],
): { factor: number; fitted: boolean } {
  const fit = fitOf(module, clocks, factors);
  // Only a clear fit says the clip is slowed; a faint one still reads on its clock, unsaid.
  if (fit.score > 0 || factors.length === 1) {
    return { factor: fit.factor, fitted: fit.score >= APPLY };
  }
  let best = { factor: factors[0]!, events: -1 };
  for (const factor of factors) {
    const reading = module.read(clocks(factor), {
      view: 'unknown',
      timeScale: 1 / factor,
      timeDeclared: true,
      timeInferred: false,
    });
    const events = reading.events.length + reading.repetitions.length;
    if (events > best.events) best = { factor, events };
  }
  // The phases were looked for on every clock, but the body never fit the movement on any: the
  // clock they were found on is no evidence of slow motion, and is not offered as such.
  return { factor: best.factor, fitted: false };
}

/**
 * With a movement named by the coach, the athletes doing it come first: a passer-by seen longer
 * than the athlete (crossing the foreground) is not the clip's subject. Otherwise (nobody, or
 * everybody, does it) the order stays the most seen first.
 */
function doingFirst<T extends { clocks: Clocks }>(
  athletes: T[],
  module: MovementModule | undefined,
  factors: number[],
): T[] {
  if (!module || athletes.length < 2) return athletes;
  const repetitions = athletes.map(({ clocks }) => {
    const { factor } = factorForChoice(module, clocks, factors);
    return module.read(clocks(factor), {
      view: 'unknown',
      timeScale: 1 / factor,
      timeDeclared: true,
      timeInferred: false,
    }).repetitions.length;
  });
  return athletes
    .map((athlete, i) => ({ athlete, doing: repetitions[i]! > 0 }))
    .sort((a, b) => Number(b.doing) - Number(a.doing))
    .map(({ athlete }) => athlete);
}

/** Each athlete's movement, events, metrics and coaching points. */
export function analyseAthletes(scan: PoseScan, options: ReadOptions): AthleteAnalysis[] {
  const declared = options.slowMotionFactor;
  const factors = declared ? [declared] : PLAYBACK_FACTORS;
  const chosen = options.movement;
  const seen = athletesIn(scan).map(({ track, athlete: onClip }) => ({
    track,
    onClip,
    clocks: clocksOf(track, scan, onClip),
  }));
  const athletes = chosen ? doingFirst(seen, moduleFor(chosen), factors) : seen;
  const rankings = withinOneSport<Recognition>(
    athletes.map(({ clocks }) =>
      chosen
        ? []
        : // "This is not a squat": the coach's word rules a movement out of the running.
          recognise(clocks, factors).filter(
            (fit) => !options.instructions.notMovements.includes(fit.id),
          ),
    ),
  );
  return athletes.map(({ track, onClip, clocks }, i) => {
    const index = i + 1;
    const ranked = rankings[i]!;
    const decided = chosen ? undefined : decide(ranked);
    const movementId: MovementId = chosen ?? decided?.id ?? 'general';
    const module = moduleFor(movementId) ?? moduleFor('general')!;
    // Movements are read on the real clock (a jump's air time, a stride's length in time are
    // real-world facts); times go back to the clip's clock for the player.
    const { factor, fitted } = chosen
      ? factorForChoice(module, clocks, factors)
      : { factor: decided?.factor ?? factors[0]!, fitted: true };
    const timeScale = 1 / factor;
    const window = options.instructions.window;
    const athlete = window
      ? { ...clocks(factor), focus: { from: window.from * timeScale, to: window.to * timeScale } }
      : clocks(factor);
    const toClip = (t: number) => Math.round((t / timeScale) * 100) / 100;
    const view = estimateView(athlete, module);
    const context: ReadContext = {
      view: view.view,
      timeScale,
      timeDeclared: declared !== null,
      timeInferred: declared === null && factor !== 1,
    };
    const movement = module.read(athlete, context);
    const records = movement.metrics.map((draft) => toRecord(draft, index));
    const person = options.people.get(track.id);
    const candidates = chosen || decided ? [] : candidatesOf(ranked);
    const reading: AthleteReading = {
      index,
      name: person?.name ?? athleteName(index, track),
      trackId: Number(track.id) || index,
      playerMatchId: person?.playerMatchId ?? null,
      movement: movementId,
      movementLabel: movementLabel(movementId),
      confidence: chosen ? 1 : confidenceOf(ranked, decided),
      movementSource: chosen ? 'chosen' : 'detected',
      ...(candidates.length ? { candidates } : {}),
      ...(declared === null && factor !== 1 && fitted ? { detectedSlowMotion: factor } : {}),
      view: view.view,
      viewConfidence: view.confidence,
      events: movement.events.map((event) => ({ ...event, t: toClip(event.t) })),
      repetitions: movement.repetitions.length,
      metrics: records.map((record) => ({
        ...record,
        t: record.t === null ? null : toClip(record.t),
      })),
      withheld: movement.withheld,
    };
    const faults = faultPoints(module, athlete, records, movement.metrics, movement.events);
    // A reference point (a key moment, the model rep) gives way to a fault at the same moment:
    // the player shows one point at a time.
    const references = (module.points?.(athlete, movement, records) ?? []).filter(
      (point) => !faults.some((fault) => Math.abs(fault.timestamp - point.timestamp) < 0.3),
    );
    const points = mergeCoincident([...faults, ...references]).map((point) => ({
      ...point,
      timestamp: toClip(point.timestamp),
      athlete: index,
    }));
    return { athlete: onClip, reading, movement, module, records: reading.metrics, points };
  });
}

/** The two most likely movements, offered when none was clear enough to apply. */
function candidatesOf(ranked: Recognition[]): NonNullable<AthleteReading['candidates']> {
  return ranked
    .filter((r) => r.score >= CANDIDATE)
    .slice(0, 2)
    .map((r) => ({ movement: r.id, confidence: Math.round(r.score * 100) / 100 }));
}

/**
 * Points less than 0.3 s apart become one (the player shows the point within 0.3 s of the
 * playhead, one at a time): titles and descriptions joined, every guide drawn.
 */
export function mergeCoincident(points: CoachingPoint[]): CoachingPoint[] {
  const merged: CoachingPoint[] = [];
  for (const point of [...points].sort((a, b) => a.timestamp - b.timestamp)) {
    const last = merged.at(-1);
    if (last && point.timestamp - last.timestamp < 0.3) {
      merged[merged.length - 1] = {
        ...last,
        title: `${last.title}; ${point.title.charAt(0).toLowerCase()}${point.title.slice(1)}`,
        description: `${last.description} ${point.description}`,
        visualGuides: [...(last.visualGuides ?? []), ...(point.visualGuides ?? [])],
        metricIds: [...(last.metricIds ?? []), ...(point.metricIds ?? [])],
      };
    } else {
      merged.push(point);
    }
  }
  return merged;
}

/** The athlete with every sample's time on the real clock (slow-motion footage sped back up). */
function onRealClock(track: PoseTrack, scan: PoseScan, timeScale: number): Athlete {
  const real = {
    ...track,
    samples: track.samples.map((sample) => ({ ...sample, t: sample.t * timeScale })),
  };
  return athleteFrom(real, scan)!;
}

/** "Athlete 2 (white shirt)" when the shirt colour was read with some certainty. */
function athleteName(index: number, track: PoseTrack): string {
  const colour = track.jerseyColor;
  return colour && colour.confidence >= 0.5
    ? `Athlete ${index} (${colour.name.toLowerCase()} shirt)`
    : `Athlete ${index}`;
}

/**
 * How sure the recognition is: the winner's fit, lowered as the runner-up comes close (a clip
 * that fits two movements equally is a coin toss, however well it fits). For the general
 * reading: how little any movement fitted.
 */
function confidenceOf(ranked: Recognition[], decided: Recognition | undefined): number {
  const best = ranked[0];
  if (!best) return 1;
  if (!decided) return Math.round((1 - best.score) * 100) / 100;
  const margin = Math.min(1, (best.score - (ranked[1]?.score ?? 0)) / (2 * MARGIN));
  const confidence = best.score * (0.6 + 0.4 * margin);
  return (
    Math.round(Math.min(confidence, best.factor === 1 ? 1 : SLOWED_CONFIDENCE_CAP) * 100) / 100
  );
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, Number.isFinite(value) ? value : 0));
