/**
 * The scan's real-time factor on a 60 s 720p minute of fast movements (as `npm run bench --
 * analysis` makes it: golf, serve, free throw, groundstrokes, running), with whichever body model
 * body-model-override.cjs swapped in. CPU seconds of every thread and of ffmpeg, divided by the
 * cores and the clip's length, give the factor on idle cores, which the wall clock cannot on a
 * shared machine. Not a test.
 *
 *   FILMROOM_BENCH_BODY_MODEL=movenet-thunder nice -n 10 node --require \
 *     ./packages/vision/bench/body-model-override.cjs --import tsx packages/vision/bench/minute-rtf.ts
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath, runMediaTool } from '@filmroom/media';
import { scanVideo } from '../src/index';

const fixtures = path.resolve(import.meta.dirname, '../../..', '../shared/fixtures/video');
const CLIPS = [
  'golf_down-the-line-simulator-indoor.mp4',
  'tennis_serve-practice-side.mp4',
  'basketball_freethrow-side-gym.mp4',
  'tennis_groundstrokes-behind-baseline.mp4',
  'running_treadmill-side-gym-phone.mp4',
];
const TO_720P =
  'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p';
const WORKERS = 2;

async function minuteClip(): Promise<string> {
  const folder = path.join(os.tmpdir(), 'filmroom-pose-models');
  mkdirSync(folder, { recursive: true });
  const output = path.join(folder, 'minute-720p-fast.mp4');
  if (existsSync(output)) return output;
  const list = [...CLIPS, ...CLIPS, ...CLIPS];
  const inputs = list.flatMap((clip) => ['-i', path.join(fixtures, clip)]);
  const chains = list.map((_, i) => `[${i}:v]${TO_720P},setpts=PTS-STARTPTS[v${i}]`);
  const joined = `${list.map((_, i) => `[v${i}]`).join('')}concat=n=${list.length}:v=1[v]`;
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-y', ...inputs,
    '-filter_complex', [...chains, joined].join(';'),
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-t', '60',
    output,
  ]);
  return output;
}

/** CPU seconds of this process (all threads) and its finished children, from /proc. */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

const clip = await minuteClip();
const cpuStarted = cpuSeconds();
const started = performance.now();
const scan = await scanVideo(clip, { fps: 5, width: 640, workers: WORKERS });
const cpu = cpuSeconds() - cpuStarted;
const t = scan.timings!;
console.log(
  JSON.stringify({
    model: process.env.FILMROOM_BENCH_BODY_MODEL ?? 'movenet-lightning',
    duration: scan.duration,
    cpuSeconds: Math.round(cpu),
    rtfIdleCores: Math.round((cpu / WORKERS / scan.duration) * 100) / 100,
    rtfWall: Math.round(((performance.now() - started) / 1000 / scan.duration) * 100) / 100,
    poseRuns: t.poseRuns,
    poseMsPerPersonWall: t.poseMsPerPerson,
    denseFrames: t.denseFrames,
  }),
);
