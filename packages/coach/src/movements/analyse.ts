import {
  movementLabel,
  type AthleteReading,
  type CoachingPoint,
  type MetricRecord,
  type MovementId,
} from '@filmroom/contract';
import type { CoachInstructions } from '../instructions';
import type { PoseScan, PoseTrack } from '../pose';
import { athleteFrom, type Athlete } from './athlete';
import { CATALOGUE, moduleFor } from './catalogue';
import { faultPoints } from './points';
import { toRecord } from './records';
import type { MovementModule, MovementReading, ReadContext } from './types';
import { estimateView } from './view';

// A track seen for less than this share of the longest one is a passer-by, not an athlete.
const MIN_PRESENCE = 0.3;
const MAX_ATHLETES = 4;
// A trunk shorter than this share of the frame's height is too small to measure joints on.
const MIN_TRUNK_SHARE = 0.045;
// Below this recognition score no catalogue entry fits: the general reading is given.
const RECOGNISED = 0.5;

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
  const longest = Math.max(0, ...scan.tracks.map((track) => track.samples.length));
  return scan.tracks
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

/** Every catalogue entry's score for this athlete, best first. */
function recognise(athlete: Athlete): { id: MovementId; score: number }[] {
  return CATALOGUE.filter((module) => module.id !== 'general')
    .map((module) => ({ id: module.id, score: clamp01(module.recognise(athlete)) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * Each athlete's ranking with the movements of other sports than the clip's left out: the
 * clip's sport is that of the most certain recognition of a movement whose sport owns the clip
 * (a basketball practice has no tennis groundstroke in it, however a passer's arm swing scores).
 */
export function withinOneSport(rankings: { id: MovementId; score: number }[][]) {
  const owningSport = (id: MovementId) => {
    const module = moduleFor(id);
    return module?.sportOwnsClip ? module.sport : null;
  };
  const sure = rankings
    .map((ranked) => ranked[0])
    .filter((best) => best && best.score >= RECOGNISED && owningSport(best.id))
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

/** Each athlete's movement, events, metrics and coaching points. */
export function analyseAthletes(scan: PoseScan, options: ReadOptions): AthleteAnalysis[] {
  const timeScale = options.slowMotionFactor ? 1 / options.slowMotionFactor : 1;
  const chosen = options.movement;
  const athletes = athletesIn(scan).map(({ track, athlete: onClip }) => ({
    track,
    onClip,
    // Movements are read on the real clock (a jump's air time, a stride's length in time are
    // real-world facts); times go back to the clip's clock for the player.
    athlete: timeScale === 1 ? onClip : onRealClock(track, scan, timeScale),
  }));
  const rankings = withinOneSport(
    athletes.map(({ athlete }) => (chosen ? [] : recognise(athlete))),
  );
  return athletes.map(({ track, onClip, athlete }, i) => {
    const index = i + 1;
    const toClip = (t: number) => Math.round((t / timeScale) * 100) / 100;
    const ranked = rankings[i]!;
    const best = ranked[0];
    const movementId: MovementId =
      chosen ?? (best && best.score >= RECOGNISED ? best.id : 'general');
    const module = moduleFor(movementId) ?? moduleFor('general')!;
    const view = estimateView(athlete, module);
    const context: ReadContext = {
      view: view.view,
      timeScale,
      timeDeclared: options.slowMotionFactor !== null,
    };
    const movement = module.read(athlete, context);
    const records = movement.metrics.map((draft) => toRecord(draft, index));
    const person = options.people.get(track.id);
    const reading: AthleteReading = {
      index,
      name: person?.name ?? athleteName(index, track),
      trackId: Number(track.id) || index,
      playerMatchId: person?.playerMatchId ?? null,
      movement: movementId,
      movementLabel: movementLabel(movementId),
      confidence: chosen ? 1 : confidenceOf(ranked, movementId),
      movementSource: chosen ? 'chosen' : 'detected',
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
 * How sure the recognition is: the winner's score, lowered when the runner-up came close
 * (a clip that fits two movements equally is a coin toss, however well it fits).
 */
function confidenceOf(ranked: { id: MovementId; score: number }[], chosen: MovementId): number {
  const best = ranked[0];
  if (!best) return 0;
  if (chosen === 'general') return Math.round((1 - best.score) * 100) / 100;
  const runnerUp = ranked[1]?.score ?? 0;
  const margin = Math.min(1, (best.score - runnerUp) / 0.3);
  return Math.round(best.score * (0.7 + 0.3 * margin) * 100) / 100;
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, Number.isFinite(value) ? value : 0));
