import type { MetricSeries, MovementEvent } from '@filmroom/contract';
import type { MetricSample } from '@/lib/metric-chart';

/** The repetition a side's sync point is on: its number, how many the clip has, its stretch. */
export type SyncedRep = { number: number; count: number; start: number; end: number };

/**
 * The rep around a sync point, from the reading's key events: the event nearest the sync point
 * names the moment every rep has (a bottom, an impact); the rep is the stretch closer to that
 * occurrence than to its neighbours. Null without events; a clip of one rep is all of it.
 */
export function repAround(events: readonly MovementEvent[], syncPoint: number): SyncedRep | null {
  if (events.length === 0) return null;
  const nearest = events.reduce((best, event) =>
    Math.abs(event.t - syncPoint) < Math.abs(best.t - syncPoint) ? event : best,
  );
  const times = events
    .filter((event) => event.name === nearest.name)
    .map((event) => event.t)
    .sort((a, b) => a - b);
  const index = times.indexOf(nearest.t);
  const previous = times[index - 1];
  const next = times[index + 1];
  return {
    number: index + 1,
    count: times.length,
    start: previous === undefined ? -Infinity : (previous + nearest.t) / 2,
    end: next === undefined ? Infinity : (nearest.t + next) / 2,
  };
}

/** Samples further apart than this are a gap (the athlete was hidden): nothing to read between. */
const MAX_SAMPLE_GAP = 0.5;

/** The series' value at a moment, between the two samples around it; null in a gap. */
export function valueAt(samples: readonly MetricSample[], time: number): number | null {
  const after = samples.findIndex(([t]) => t >= time);
  if (after === -1) return null;
  const [t1, v1] = samples[after]!;
  if (t1 === time) return v1;
  if (after === 0) return null;
  const [t0, v0] = samples[after - 1]!;
  if (t1 - t0 > MAX_SAMPLE_GAP) return null;
  return v0 + ((v1 - v0) * (time - t0)) / (t1 - t0);
}

export type SideRepNumbers = {
  rep: SyncedRep | null;
  atSyncPoint: number | null;
  /** The lowest and highest sample of the side's synced rep (of the whole clip without reps). */
  low: number | null;
  high: number | null;
};

/** One side's key metric read at its own sync point and over its own rep, not the whole clip. */
export function sideRepNumbers(
  series: MetricSeries | null | undefined,
  events: readonly MovementEvent[],
  syncPoint: number,
): SideRepNumbers {
  const rep = repAround(events, syncPoint);
  if (!series) return { rep, atSyncPoint: null, low: null, high: null };
  const inRep = series.samples
    .filter(([t]) => !rep || (t >= rep.start && t < rep.end))
    .map(([, value]) => value);
  return {
    rep,
    atSyncPoint: valueAt(series.samples, syncPoint),
    low: inRep.length ? Math.min(...inRep) : null,
    high: inRep.length ? Math.max(...inRep) : null,
  };
}

/** "Rep 2 of 3"; "Whole clip" when the reading counted no reps to sync on. */
export function repName(rep: SyncedRep | null): string {
  if (!rep) return 'Whole clip';
  return rep.count === 1 ? 'The one rep' : `Rep ${rep.number} of ${rep.count}`;
}
