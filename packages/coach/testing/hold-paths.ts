import { athleteFrom } from '../src/movements/athlete';
import { speedSeries } from '../src/movement';
import type { Point, PoseScan } from '../src/pose';
import { heldWrists } from '../src/stillness';

/**
 * The paths a hold keeps in place (stillness.ts), for one track of a scan: the hips in body
 * lengths and the wrists in trunks, as the coach reads them. The evaluation measures keypoint
 * noise on them (eval/keypoint-noise.ts), from which the holds' reach is set.
 */
export function holdPaths(scan: PoseScan, trackId: number | string) {
  const track = scan.tracks.find((t) => t.id === trackId);
  const athlete = track && athleteFrom(track, scan);
  if (!athlete) return undefined;
  const toUnits = (path: (Point | undefined)[], unit: number) =>
    path.map((p) => p && { x: p.x / unit, y: p.y / unit });
  return {
    times: athlete.moments.map((m) => m.t),
    /** Body lengths. */
    hips: toUnits(
      speedSeries(athlete.moments, athlete.bodyLength).map((s) => s.hip),
      athlete.bodyLength,
    ),
    /** Trunks, each wrist apart. */
    wrists: heldWrists(athlete).map((part) => toUnits(part.path, athlete.trunk)),
  };
}
