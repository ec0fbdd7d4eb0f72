import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { PoseScan } from '../src/pose';

/**
 * Vision scans of shared clips (fixtures/video/<clip>.mp4) as the evaluation scans them (face
 * crops dropped): `scan` is the current scan, `rescan` an earlier scan of the same file whose
 * keypoints differ slightly (a few missed around a fast moment).
 */
export function clipScan(
  clip:
    | 'tennis_groundstrokes-behind-baseline'
    | 'tennis_backhand-front-gym'
    | 'basketball_freethrow-side-gym',
  which: 'scan' | 'rescan' = 'scan',
): PoseScan {
  const file = new URL(`../test/fixtures/${clip}.${which}.json.gz`, import.meta.url);
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PoseScan;
}

/** The scan as it would be of the same clip played `factor` times slower. */
export function slowedScan(scan: PoseScan, factor: number): PoseScan {
  return {
    ...scan,
    duration: scan.duration * factor,
    tracks: scan.tracks.map((track) => ({
      ...track,
      samples: track.samples.map((sample) => ({ ...sample, t: sample.t * factor })),
    })),
  };
}
