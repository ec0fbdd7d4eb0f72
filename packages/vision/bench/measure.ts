/**
 * Measures the vision scan on the fixture clips: per-stage milliseconds, real-time factor
 * (processing time / clip duration) and peak RSS. Prints a table; not a test.
 *
 *   node --import tsx packages/vision/bench/measure.ts [fps] [width] [workers] [detectEvery]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '@filmroom/media';
import { scanVideo } from '../src/index';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../../..', '../shared/fixtures/video');
const [fps = 5, width = 640, workers = 2, detectEvery = 3] = process.argv
  .slice(2)
  .map((v) => Number(v));

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const rows = [];
for (const clip of ['squats_single_person.mp4', 'basketball_practice.mp4']) {
  const file = path.join(fixtures, clip);
  const decodeStarted = performance.now();
  let decoded = 0;
  for await (const _frame of decodeFrames(file, { fps, width })) decoded++;
  const decodeMs = (performance.now() - decodeStarted) / Math.max(1, decoded);
  // CPU time of this process (all threads) is steadier than wall time on a shared machine:
  // CPU seconds / workers / duration is the real-time factor the scan would have on idle cores.
  const cpuBefore = process.cpuUsage();
  const scan = await scanVideo(file, { fps, width, workers, detectEvery });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const t = scan.timings!;
  rows.push({
    clip,
    size: `${scan.width}x${scan.height}`,
    frames: scan.frames,
    tracks: scan.tracks.length,
    'decode ms/frame': Math.round(decodeMs * 10) / 10,
    'detect ms/run': t.detectMsPerRun,
    'detect runs': t.detectorRuns,
    'pose ms/person': t.poseMsPerPerson,
    'pose runs': t.poseRuns,
    'face ms/person': t.faceMsPerPerson,
    'face runs': t.faceRuns,
    'jersey ms': t.jerseyMsTotal,
    'total s': Math.round(t.totalMs / 100) / 10,
    'real-time factor': Math.round((t.totalMs / 1000 / scan.duration) * 100) / 100,
    'CPU s': Math.round(cpuSeconds * 10) / 10,
    'RTF on idle cores': Math.round((cpuSeconds / workers / scan.duration) * 100) / 100,
  });
}
clearInterval(sampler);
console.log(`fps ${fps}, width ${width}, workers ${workers}, detector every ${detectEvery} frames`);
console.table(rows);
console.log(`peak RSS ${Math.round(peakRss / 1e6)} MB (main thread + workers)`);
