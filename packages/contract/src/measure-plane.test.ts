import { describe, expect, it } from 'vitest';
import { applyHomography, solveHomography, type PlanePoint, type Quad } from './homography';
import {
  calibratePlaneInPixels,
  PLANE_CORNER_PIXELS,
  PLANE_PRESETS,
  planeMetres,
  planeUncertaintyAt,
  quadProblem,
} from './measure-plane';
import { calibrate, motionSeries, uncertaintyAt } from './measure';

/**
 * A pinhole camera 1920×1080 (focal length 1400 px) standing `height` metres up at (x, y) on
 * the ground, looking along +y, pitched down by `pitch` radians: where a ground point shows.
 */
function camera(options: { x: number; y: number; height: number; pitch: number }) {
  const f = 1400;
  const [c, s] = [Math.cos(options.pitch), Math.sin(options.pitch)];
  return (ground: PlanePoint): PlanePoint => {
    const d = { x: ground.x - options.x, y: ground.y - options.y, z: -options.height };
    const forward = d.y * c - d.z * s;
    const down = -d.y * s - d.z * c;
    return { x: 960 + (f * d.x) / forward, y: 540 + (f * down) / forward };
  };
}

/** A basketball key seen from behind the end line, up in the stands. */
const KEY = PLANE_PRESETS.find((preset) => preset.id === 'basketball-key-fiba')!;
const view = camera({ x: 1.5, y: -9, height: 4, pitch: 0.32 });
const keyCorners = [
  { x: 0, y: 0 },
  { x: KEY.across, y: 0 },
  { x: KEY.across, y: KEY.along },
  { x: 0, y: KEY.along },
].map(view) as unknown as Quad;

describe('solveHomography', () => {
  it('maps the four points exactly and any other ground point as the camera does', () => {
    const calibration = calibratePlaneInPixels(keyCorners, KEY.across, KEY.along)!;
    expect(calibration).not.toBeNull();
    for (const ground of [
      { x: 0, y: 0 },
      { x: KEY.across, y: KEY.along },
      { x: 2.45, y: 2.9 },
      // Outside the key: the three-point line's top, 6.75 m from the basket.
      { x: 2.45, y: 8.3 },
      { x: -3, y: 1 },
    ]) {
      const mapped = planeMetres(calibration, view(ground))!;
      expect(mapped.x).toBeCloseTo(ground.x, 6);
      expect(mapped.y).toBeCloseTo(ground.y, 6);
    }
  });

  it('is null when three of the points are in a line', () => {
    const inALine: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 0, y: 5 },
    ];
    const square: Quad = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    expect(solveHomography(inALine, square)).toBeNull();
    const h = solveHomography(square, square)!;
    expect(applyHomography(h, { x: 0.3, y: 0.7 })).toEqual({
      x: expect.closeTo(0.3, 9),
      y: expect.closeTo(0.7, 9),
    });
  });
});

describe('quadProblem', () => {
  it('accepts a rectangle in perspective, marked either way round', () => {
    expect(quadProblem(keyCorners)).toBeNull();
    expect(quadProblem([...keyCorners].reverse() as unknown as Quad)).toBeNull();
  });

  it('names what is wrong: crossed, in a line, on one spot, not convex', () => {
    const [a, b, c, d] = keyCorners;
    expect(quadProblem([a, b, d, c])).toMatch(/crosswise/);
    const between = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 0.5 };
    expect(quadProblem([a, between, b, c])).toMatch(/corners 1, 2 and 3 are in a line/);
    expect(quadProblem([a, a, c, d])).toMatch(/corners 1 and 2 are on the same spot/);
    const centre = { x: (a.x + b.x + c.x + d.x) / 4, y: (a.y + b.y + c.y + d.y) / 4 };
    expect(quadProblem([a, b, centre, d])).toMatch(/corner 3 is inside the others/);
  });
});

describe('the plane’s uncertainty', () => {
  const calibration = calibratePlaneInPixels(keyCorners, KEY.across, KEY.along)!;

  it('matches a Monte Carlo of corners misplaced by the stated pixels', () => {
    // A seeded generator, so the test reads the same every run.
    let seed = 12345;
    const uniform = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed + 1) / (2 ** 31 + 1);
    };
    const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    // A 5 m run away from the camera, from the key's middle past its far end: the
    // foreshortened direction, where the corners' error tells most.
    const far = { a: view({ x: 2.5, y: 5.5 }), b: view({ x: 2.5, y: 10.5 }) };
    let sumSquares = 0;
    const trials = 400;
    for (let trial = 0; trial < trials; trial += 1) {
      const moved = keyCorners.map((corner) => ({
        x: corner.x + gaussian() * PLANE_CORNER_PIXELS,
        y: corner.y + gaussian() * PLANE_CORNER_PIXELS,
      })) as unknown as Quad;
      const shaken = calibratePlaneInPixels(moved, KEY.across, KEY.along)!;
      const [p, q] = [planeMetres(shaken, far.a)!, planeMetres(shaken, far.b)!];
      sumSquares += (Math.hypot(q.x - p.x, q.y - p.y) / 5 - 1) ** 2;
    }
    const monteCarlo = Math.sqrt(sumSquares / trials);
    const stated = planeUncertaintyAt(calibration, view({ x: 2.5, y: 8 }));
    console.info(
      `plane: stated ±${(stated * 100).toFixed(2)}%, Monte Carlo ${(monteCarlo * 100).toFixed(2)}%`,
    );
    // The stated one covers every direction of the local map: the worst of them, to within
    // the Monte Carlo's own scatter (400 trials: about ±4%) and the run's 5 m span.
    expect(stated).toBeGreaterThan(monteCarlo * 0.85);
    expect(stated).toBeLessThan(monteCarlo * 1.25);
  });

  it('grows away from the marked rectangle and is small inside it', () => {
    const inside = planeUncertaintyAt(calibration, view({ x: 2.45, y: 2.9 }));
    const beyond = planeUncertaintyAt(calibration, view({ x: 2.45, y: 20 }));
    expect(calibration.relativeUncertainty).toBeCloseTo(inside, 2);
    expect(inside).toBeLessThan(0.05);
    expect(beyond).toBeGreaterThan(inside * 2);
  });

  it('is larger for a smaller rectangle seen from the same place', () => {
    const box = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ].map(view) as unknown as Quad;
    const small = calibratePlaneInPixels(box, 1, 1)!;
    const point = view({ x: 0.5, y: 0.5 });
    expect(planeUncertaintyAt(small, point)).toBeGreaterThan(
      planeUncertaintyAt(calibration, point) * 2,
    );
  });
});

describe('measuring on a saved plane', () => {
  const picture = { width: 1920, height: 1080 };
  const percent = (p: PlanePoint) => ({ x: p.x / 19.2, y: p.y / 10.8 });

  it('gives a constant ground speed for a runner crossing the picture in perspective', () => {
    const plane = calibrate(
      {
        basis: 'plane',
        corners: keyCorners.map(percent) as unknown as [
          PlanePoint,
          PlanePoint,
          PlanePoint,
          PlanePoint,
        ],
        across: KEY.across,
        along: KEY.along,
      },
      picture,
    )!;
    // 6 m/s away from the camera along the key's side, 30 samples a second.
    const track = Array.from({ length: 30 }, (_, i) => {
      const t = i / 30;
      return { t, ...percent(view({ x: 1, y: 0.5 + 6 * t })) };
    });
    const speeds = motionSeries(track, picture, plane).map((sample) => sample.speed);
    for (const speed of speeds) expect(speed).toBeCloseTo(6, 1);
    // In pixels the same run slows by a third as it recedes: a single scale could not do this.
    const pixelsFirst = Math.abs(track[1]!.y - track[0]!.y);
    const pixelsLast = Math.abs(track[29]!.y - track[28]!.y);
    expect(pixelsLast / pixelsFirst).toBeLessThan(0.75);
    expect(uncertaintyAt(track[0]!, picture, plane)).toBeLessThan(0.05);
  });

  it('gives nothing for corners that are not a rectangle', () => {
    const [a, b, c, d] = keyCorners.map(percent);
    expect(
      calibrate({ basis: 'plane', corners: [a!, b!, d!, c!], across: 4.9, along: 5.8 }, picture),
    ).toBeNull();
  });
});
