import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { PoseScan } from '../src/pose';

/**
 * Vision scans of the shared tennis-serve clips (fixtures/video/tennis_serve-*.mp4) at 5 frames
 * a second with the source rate around fast moments, as the evaluation scans them (face
 * embeddings dropped): the side-on practice serve, and the 7-8 times slowed serve filmed by a
 * panning camera.
 */
export function serveScan(clip: 'practice-side' | 'side-slowmo'): PoseScan {
  const file = new URL(`../test/fixtures/tennis_serve-${clip}.scan.json.gz`, import.meta.url);
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as PoseScan;
}
