import { calibrate, motionSeries, type TrackSample } from '@filmroom/contract';
import { decodeFrames, ffmpegPath, runMediaTool } from '@filmroom/media';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grayFrom, PointTracker, type GrayFrame } from '../src/point-tracker';

/**
 * Truth for the tracker: a clip rendered by ffmpeg on a plane of known scale (400 px to the
 * metre), with one marker sliding at 1.5 m/s and another dropped from rest under 9.81 m/s²,
 * under grain so no frame is clean. Tracking them must give the speed back within 5% and
 * g within 10%.
 */
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 60;
const PIXELS_PER_METRE = 400;
const SPEED = 1.5; // m/s
const G = 9.81; // m/s²
const SLIDE = { x0: 100, y: 150 };
const DROP = { x: 900, y0: 60, seconds: 0.5 };
const picture = { width: WIDTH, height: HEIGHT };

let folder: string;
const frames: { t: number; gray: GrayFrame }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'point-tracker-'));
  const file = path.join(folder, 'markers.mp4');
  const slideX = `${SLIDE.x0}+${SPEED * PIXELS_PER_METRE}*t`;
  const dropY = `${DROP.y0}+${0.5 * G * PIXELS_PER_METRE}*min(t\\,${DROP.seconds})^2`;
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `color=c=0x303840:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=0.8`,
    '-f', 'lavfi', '-i', `color=c=white:s=14x14:r=${FPS}`,
    '-filter_complex',
    `[1]split[a][b];` +
      `[0][a]overlay=x='${slideX}':y=${SLIDE.y}:eval=frame:shortest=1[one];` +
      `[one][b]overlay=x=${DROP.x}:y='${dropY}':eval=frame:shortest=1,noise=alls=12:allf=t`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p',
    file,
  ]);
  for await (const frame of decodeFrames(file, { width: WIDTH })) {
    frames.push({ t: frame.t, gray: grayFrom(frame.data, frame.width, frame.height, 3) });
  }
}, 60_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Tracks from `start` (the marker's centre on the first frame) and returns samples in percent. */
function track(start: { x: number; y: number }, until: number): TrackSample[] {
  const first = frames[0]!;
  const tracker = new PointTracker(first.gray, start);
  const samples: TrackSample[] = [
    { t: first.t, x: (start.x / WIDTH) * 100, y: (start.y / HEIGHT) * 100 },
  ];
  for (const frame of frames.slice(1)) {
    if (frame.t > until) break;
    const point = tracker.next(frame.gray);
    samples.push({ t: frame.t, x: (point.x / WIDTH) * 100, y: (point.y / HEIGHT) * 100 });
  }
  return samples;
}

// A metre drawn along the bottom of the plane.
const calibration = calibrate(
  { from: { x: 10, y: 95 }, to: { x: 10 + (PIXELS_PER_METRE / WIDTH) * 100, y: 95 }, metres: 1 },
  picture,
)!;

describe('PointTracker on a rendered clip of known motion', () => {
  it('decodes the whole clip', () => {
    expect(frames.length).toBeGreaterThanOrEqual(FPS * 0.8 - 1);
  });

  it('recovers the sliding marker’s speed within 5%', () => {
    const samples = track({ x: SLIDE.x0 + 7, y: SLIDE.y + 7 }, 0.75);
    expect(samples.length).toBeGreaterThan(40);
    const series = motionSeries(samples, picture, calibration);
    const speeds = series.map((sample) => sample.speed).sort((a, b) => a - b);
    const median = speeds[Math.floor(speeds.length / 2)]!;
    console.info(`slide: median speed ${median.toFixed(4)} m/s (truth ${SPEED})`);
    expect(Math.abs(median - SPEED) / SPEED).toBeLessThan(0.05);
    // And it stayed on the marker to the end: 0.75 s at 600 px/s.
    const last = samples.at(-1)!;
    expect(Math.abs((last.x / 100) * WIDTH - (SLIDE.x0 + 7 + 600 * last.t))).toBeLessThan(3);
  });

  it('recovers g from the dropped marker within 10%', () => {
    const samples = track({ x: DROP.x + 7, y: DROP.y0 + 7 }, DROP.seconds - 0.02);
    const series = motionSeries(samples, picture, calibration, { halfWindow: 4 });
    const inner = series.slice(4, -4);
    const meanAy = inner.reduce((sum, sample) => sum + sample.ay, 0) / inner.length;
    console.info(`drop: mean vertical acceleration ${meanAy.toFixed(3)} m/s² (truth ${-G})`);
    expect(Math.abs(-meanAy - G) / G).toBeLessThan(0.1);
  });

  it('refuses a start too near the edge to hold a template', () => {
    expect(() => new PointTracker(frames[0]!.gray, { x: 3, y: 3 })).toThrow(/edge/);
  });
});
