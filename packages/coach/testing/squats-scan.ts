import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { PoseScan } from '../src/pose';

/**
 * The vision scan of the shared squats clip (fixtures/video/squats_single_person.mp4) at 5
 * frames a second, stored as the server stores scans (gzipped JSON, face embeddings dropped).
 * Made with `scanVideo(clip, { fps: 5 })` from packages/vision.
 */
export function squatsScan(): PoseScan {
  const file = new URL('../test/fixtures/squats_single_person.scan.json.gz', import.meta.url);
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PoseScan;
}
