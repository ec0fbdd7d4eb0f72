import {
  applyHomography,
  calibrate,
  motionSeries,
  solveHomography,
  type CalibrationPlane,
  type PlanePoint,
  type Quad,
  type TrackSample,
} from '@filmroom/contract';
import { decodeFrames, ffmpegPath, runMediaTool } from '@filmroom/media';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grayFrom, PointTracker, type GrayFrame } from '../src/point-tracker';

/**
 * Truth for the ground plane (issue 32): a court seen from above (100 px to the metre) with an
 * 8 m × 4 m rectangle painted on it and a marker crossing it diagonally at 2 m/s, turned by
 * ffmpeg's `perspective` filter into the view of a camera behind and above the court (the far
 * side 40% as wide as the near one), under grain. The coach's four clicks on the rectangle's
 * corners (whole pixels), the tracker following the marker and the plane's homography must
 * give the speed back within 5%, where one scale for the whole picture cannot.
 */
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 30;
const SECONDS = 1.6;
const PIXELS_PER_METRE = 100;
const SPEED = { x: 1.2, y: -1.6 }; // m/s on the court: 2.0 m/s, away from the camera
const TRUE_SPEED = Math.hypot(SPEED.x, SPEED.y);
const START = { x: 440, y: 520 }; // the marker's top-left on the flat court, inside the lines
const MARKER = 16;
/** The painted rectangle on the flat court: 8 m across, 4 m deep. */
const RECTANGLE = { left: 240, top: 160, right: 1040, bottom: 560 };
/** Where the flat court's corners land in the camera's picture (top-left, top-right, ...). */
const VIEW = { tl: [384, 200], tr: [896, 200], bl: [0, 720], br: [1280, 720] } as const;
const picture = { width: WIDTH, height: HEIGHT };

/** The flat court's pixels to the camera's, as ffmpeg's perspective filter maps them. */
const flatToView = solveHomography(
  [
    { x: 0, y: 0 },
    { x: WIDTH, y: 0 },
    { x: WIDTH, y: HEIGHT },
    { x: 0, y: HEIGHT },
  ],
  [VIEW.tl, VIEW.tr, VIEW.br, VIEW.bl].map(([x, y]) => ({ x, y })) as unknown as Quad,
)!;
const seen = (flat: PlanePoint) => applyHomography(flatToView, flat)!;
const percentOf = (p: PlanePoint) => ({ x: (p.x / WIDTH) * 100, y: (p.y / HEIGHT) * 100 });
/** A click lands on a whole pixel. */
const clicked = (p: PlanePoint) => percentOf({ x: Math.round(p.x), y: Math.round(p.y) });

let folder: string;
const frames: { t: number; gray: GrayFrame }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'plane-truth-'));
  const file = path.join(folder, 'court.mp4');
  const { left, top, right, bottom } = RECTANGLE;
  const markerX = `${START.x}+${SPEED.x * PIXELS_PER_METRE}*t`;
  const markerY = `${START.y}+${SPEED.y * PIXELS_PER_METRE}*t`;
  const corners = [VIEW.tl, VIEW.tr, VIEW.bl, VIEW.br]
    .map(([x, y], i) => `x${i}=${x}:y${i}=${y}`)
    .join(':');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `color=c=0x3a5f3a:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${SECONDS}`,
    '-f', 'lavfi', '-i', `color=c=white:s=${MARKER}x${MARKER}:r=${FPS}`,
    '-filter_complex',
    `[0]drawbox=x=${left}:y=${top}:w=${right - left}:h=${bottom - top}:c=white:t=4[court];` +
      `[court][1]overlay=x='${markerX}':y='${markerY}':eval=frame:shortest=1,` +
      `perspective=${corners}:sense=destination:interpolation=cubic,noise=alls=10:allf=t`,
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

/** Follows the marker from its centre on the first frame; samples in percent of the picture. */
function trackMarker(): TrackSample[] {
  const start = seen({ x: START.x + MARKER / 2, y: START.y + MARKER / 2 });
  const tracker = new PointTracker(frames[0]!.gray, start);
  return [
    { t: frames[0]!.t, ...percentOf(start) },
    ...frames.slice(1).map((frame) => ({ t: frame.t, ...percentOf(tracker.next(frame.gray)) })),
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('a marker crossing a court seen in perspective', () => {
  const { left, top, right, bottom } = RECTANGLE;
  // Marked from the far left corner along the far side, then down the right side.
  const plane: CalibrationPlane = {
    basis: 'plane',
    corners: [
      clicked(seen({ x: left, y: top })),
      clicked(seen({ x: right, y: top })),
      clicked(seen({ x: right, y: bottom })),
      clicked(seen({ x: left, y: bottom })),
    ],
    across: (right - left) / PIXELS_PER_METRE,
    along: (bottom - top) / PIXELS_PER_METRE,
  };

  it('decodes the whole clip', () => {
    expect(frames.length).toBeGreaterThanOrEqual(FPS * SECONDS - 1);
  });

  it('recovers the marker’s ground speed within 5% from the four marked corners', () => {
    const samples = trackMarker();
    // The tracker stayed on the marker: its last place is where the court says it is.
    const last = samples.at(-1)!;
    const truth = seen({
      x: START.x + MARKER / 2 + SPEED.x * PIXELS_PER_METRE * last.t,
      y: START.y + MARKER / 2 + SPEED.y * PIXELS_PER_METRE * last.t,
    });
    expect(
      Math.hypot((last.x / 100) * WIDTH - truth.x, (last.y / 100) * HEIGHT - truth.y),
    ).toBeLessThan(3);

    const calibration = calibrate(plane, picture)!;
    expect(calibration).not.toBeNull();
    const speeds = motionSeries(samples, picture, calibration).map((s) => s.speed);
    const speed = median(speeds);
    console.info(
      `plane: median ground speed ${speed.toFixed(3)} m/s (truth ${TRUE_SPEED}), ` +
        `error ${((Math.abs(speed - TRUE_SPEED) / TRUE_SPEED) * 100).toFixed(1)}%, ` +
        `stated ±${(calibration.relativeUncertainty * 100).toFixed(1)}%`,
    );
    expect(Math.abs(speed - TRUE_SPEED) / TRUE_SPEED).toBeLessThan(0.05);
    // And steady along the way, near and far alike.
    const quarter = Math.floor(speeds.length / 4);
    const [near, far] = [median(speeds.slice(0, quarter)), median(speeds.slice(-quarter))];
    expect(Math.abs(far / near - 1)).toBeLessThan(0.05);

    // One scale for the picture, taken from the rectangle's near side (8 m), cannot do this:
    // the marker slows in pixels as it recedes.
    const line = calibrate(
      { from: plane.corners[3], to: plane.corners[2], metres: plane.across },
      picture,
    )!;
    const flat = motionSeries(samples, picture, line).map((s) => s.speed);
    const [flatNear, flatFar] = [median(flat.slice(0, quarter)), median(flat.slice(-quarter))];
    console.info(
      `line: ${flatNear.toFixed(2)} m/s near, ${flatFar.toFixed(2)} m/s far on one scale; ` +
        `plane: ${near.toFixed(2)} and ${far.toFixed(2)}`,
    );
    expect(flatFar / flatNear).toBeLessThan(0.8);
  });
});
