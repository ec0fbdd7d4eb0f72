/**
 * The shared timeline: its zero is the sync point, the moment on each side that lines up
 * (the bottom of a rep, an impact). A side's own time is its sync point plus the shared time.
 */
export type SyncedSide = { syncPoint: number; duration: number };

/** Frames are stepped at 30 per second: the uploads' usual rate, and what the viewer steps. */
export const FRAME_SECONDS = 1 / 30;

export function sideTime(syncPoint: number, sharedTime: number): number {
  return syncPoint + sharedTime;
}

export function sharedTimeOf(syncPoint: number, time: number): number {
  return time - syncPoint;
}

/**
 * The stretch of shared time where both sides have picture: from the later start to the
 * earlier end. A side whose length is not known yet limits nothing at the end.
 */
export function sharedRange(a: SyncedSide, b: SyncedSide): { start: number; end: number } {
  const start = Math.max(0 - a.syncPoint, 0 - b.syncPoint);
  const end = Math.min(a.duration - a.syncPoint, b.duration - b.syncPoint);
  return { start, end: Math.max(start, end) };
}

export function clampToRange(time: number, range: { start: number; end: number }): number {
  return Math.min(range.end, Math.max(range.start, time));
}

/**
 * A frame step on the shared timeline: always a whole frame from where playback stopped. (Snapping
 * to a frame grid first made a step after a pause as short as half a frame.)
 */
export function stepFrames(sharedTime: number, frames: number): number {
  return sharedTime + frames * FRAME_SECONDS;
}

/** B's sync point moved by whole frames (the overlay's nudge), never before the clip starts. */
export function nudgeSyncPoint(syncPoint: number, frames: number, duration: number): number {
  const moved = syncPoint + frames * FRAME_SECONDS;
  return Math.min(Math.max(0, duration), Math.max(0, moved));
}

/** What to do about the follower (B) drifting from where the leader (A) says it should be. */
export type DriftCorrection =
  { kind: 'none'; rate: number } | { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/** Under a frame apart the eye cannot tell: leave the follower alone at the chosen speed. */
const DRIFT_TOLERANCE = FRAME_SECONDS;
/**
 * Further apart than this, a seek is quicker than catching up: a seek costs a decode stall,
 * so it is kept for real jumps (a stalled network read, a tab that slept).
 */
const DRIFT_SEEK = 0.3;
/** The most the follower's speed is changed to catch up: 10% is invisible in motion. */
const MAX_RATE_CHANGE = 0.1;

/**
 * Keeps two playing videos in lockstep. Small drift is absorbed by playing the follower a
 * little faster or slower (no stall), proportionally to the drift so it settles rather
 * than overshoots; big drift is a seek. Paused, the follower is simply placed.
 */
export function driftCorrection(options: {
  expected: number;
  actual: number;
  playing: boolean;
  speed: number;
}): DriftCorrection {
  const { expected, actual, playing, speed } = options;
  const drift = expected - actual;
  if (!playing) {
    return Math.abs(drift) > 1e-3 ? { kind: 'seek', to: expected } : { kind: 'none', rate: speed };
  }
  if (Math.abs(drift) <= DRIFT_TOLERANCE) return { kind: 'none', rate: speed };
  if (Math.abs(drift) > DRIFT_SEEK) return { kind: 'seek', to: expected };
  // Catch up over about a second: a drift of 0.1 s plays 10% faster.
  const change = Math.max(-MAX_RATE_CHANGE, Math.min(MAX_RATE_CHANGE, drift));
  return { kind: 'rate', rate: speed * (1 + change) };
}

/** "+0.40 s", "−1.20 s", "0.00 s": a time on the shared axis, relative to the sync point. */
export function formatSharedTime(seconds: number): string {
  const rounded = Math.round(seconds * 100) / 100;
  if (rounded === 0) return '0.00 s';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)} s`;
}
