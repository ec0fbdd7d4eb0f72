import { describe, expect, it } from 'vitest';
import {
  angleExtremes,
  calibrate,
  decimalsFor,
  distanceMetres,
  HEIGHT_CALIBRATION_UNCERTAINTY,
  measurementSteps,
  motionSeries,
  realSeconds,
  ROUGH_CALIBRATION,
  roundToStep,
  seriesCsv,
  stopwatchSeconds,
  type Calibration,
  type TrackSample,
} from './measure';

const HD = { width: 1920, height: 1080 };

/** A calibration of exactly `metresPerPixel`, drawn as a horizontal line across the picture. */
function calibrationOf(metresPerPixel: number): Calibration {
  const calibration = calibrate(
    { from: { x: 0, y: 50 }, to: { x: 50, y: 50 }, metres: 960 * metresPerPixel },
    HD,
  );
  if (!calibration) throw new Error('no calibration');
  return calibration;
}

describe('calibrate', () => {
  it('scales by the video’s real pixels, so a vertical line on a 16:9 frame is shorter', () => {
    const across = calibrate({ from: { x: 0, y: 0 }, to: { x: 50, y: 0 }, metres: 1 }, HD);
    const down = calibrate({ from: { x: 0, y: 0 }, to: { x: 0, y: 50 }, metres: 1 }, HD);
    expect(across?.linePixels).toBeCloseTo(960);
    expect(down?.linePixels).toBeCloseTo(540);
    expect(across?.metresPerPixel).toBeCloseTo(1 / 960);
    expect(down?.metresPerPixel).toBeCloseTo(1 / 540);
  });

  it('states a short line’s scale as rough', () => {
    const short = calibrate({ from: { x: 50, y: 50 }, to: { x: 51, y: 50 }, metres: 0.45 }, HD);
    expect(short?.linePixels).toBeCloseTo(19.2);
    expect(short!.relativeUncertainty).toBeGreaterThan(0.05);
    const long = calibrate({ from: { x: 10, y: 50 }, to: { x: 60, y: 50 }, metres: 0.45 }, HD);
    expect(long!.relativeUncertainty).toBeLessThan(0.005);
  });

  it('adds a body’s own uncertainty to a line drawn head to foot on the athlete', () => {
    // A 1.80 m athlete standing over 80% of a 1080-pixel frame: 864 px.
    const line = { from: { x: 50, y: 10 }, to: { x: 50, y: 90 }, metres: 1.8 };
    const known = calibrate(line, HD)!;
    const body = calibrate({ ...line, basis: 'athlete-height' }, HD)!;
    expect(body.metresPerPixel).toBe(known.metresPerPixel);
    expect(known.relativeUncertainty).toBeLessThan(0.002);
    // The pixels hardly matter beside shoes, hair and posture: about 3%, stated, not rough.
    expect(body.relativeUncertainty).toBeGreaterThanOrEqual(HEIGHT_CALIBRATION_UNCERTAINTY);
    expect(body.relativeUncertainty).toBeLessThan(HEIGHT_CALIBRATION_UNCERTAINTY + 0.001);
    expect(body.relativeUncertainty).toBeLessThan(ROUGH_CALIBRATION);
  });

  it('gives nothing for a line of no length or a length of 0 m', () => {
    expect(calibrate({ from: { x: 5, y: 5 }, to: { x: 5, y: 5 }, metres: 1 }, HD)).toBeNull();
    expect(calibrate({ from: { x: 5, y: 5 }, to: { x: 9, y: 5 }, metres: 0 }, HD)).toBeNull();
  });

  it('measures a diagonal with Pythagoras in pixels', () => {
    const calibration = calibrationOf(0.001);
    // 3-4-5 in pixels: 288 across and 216 down (15% and 20%) are 360 px.
    expect(distanceMetres({ x: 0, y: 0 }, { x: 15, y: 20 }, HD, calibration)).toBeCloseTo(0.36);
  });
});

describe('motionSeries', () => {
  const calibration = calibrationOf(0.01); // a metre is 100 px

  it('recovers a steady speed, at rest in the other axis', () => {
    // 2 m/s to the right: 200 px a second, sampled at 30 fps.
    const track: TrackSample[] = Array.from({ length: 30 }, (_, i) => ({
      t: i / 30,
      x: ((100 + (200 * i) / 30) / HD.width) * 100,
      y: 50,
    }));
    const series = motionSeries(track, HD, calibration);
    expect(series).toHaveLength(30);
    for (const sample of series) {
      expect(sample.speed).toBeCloseTo(2, 6);
      expect(sample.vy).toBeCloseTo(0, 6);
      expect(sample.acceleration).toBeCloseTo(0, 4);
    }
  });

  it('recovers gravity from a fall, with y up, through jitter of a pixel', () => {
    const g = 9.81;
    let seed = 7;
    const jitter = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 2; // ±1 px
    };
    const track: TrackSample[] = Array.from({ length: 20 }, (_, i) => {
      const t = i / 60;
      const fallenPx = (0.5 * g * t * t) / 0.01;
      return { t, x: 50, y: ((100 + fallenPx + jitter()) / HD.height) * 100 };
    });
    const series = motionSeries(track, HD, calibration, { halfWindow: 4 });
    const middle = series.slice(4, -4);
    const meanAy = middle.reduce((sum, sample) => sum + sample.ay, 0) / middle.length;
    expect(meanAy).toBeGreaterThan(-g * 1.1);
    expect(meanAy).toBeLessThan(-g * 0.9);
    // Falling: the vertical speed grows downwards.
    expect(series.at(-1)!.vy).toBeLessThan(series[0]!.vy);
  });

  it('does not read a one-frame slip of the tracker as a burst of speed', () => {
    const track: TrackSample[] = Array.from({ length: 30 }, (_, i) => ({
      t: i / 30,
      x: ((100 + (30 * i) / 30 + (i === 15 ? 20 : 0)) / HD.width) * 100,
      y: 50,
    }));
    const series = motionSeries(track, HD, calibration);
    // 0.3 m/s throughout; unfiltered, the 20 px slip alone would read about 2 m/s.
    expect(Math.max(...series.map((sample) => sample.speed))).toBeLessThan(0.4);
  });

  it('applies the slow-motion factor to time: 4× slow footage moves four times faster in life', () => {
    const track: TrackSample[] = Array.from({ length: 10 }, (_, i) => ({
      t: i / 30,
      x: ((100 + (100 * i) / 30) / HD.width) * 100,
      y: 50,
    }));
    const real = motionSeries(track, HD, calibration, { slowMotionFactor: 4 });
    expect(real[3]!.speed).toBeCloseTo(4, 6);
    expect(real[3]!.t).toBeCloseTo(3 / 30 / 4, 9);
  });

  it('needs three samples to say anything, and sorts samples by time', () => {
    expect(motionSeries([{ t: 0, x: 1, y: 1 }], HD, calibration)).toEqual([]);
    const shuffled = [2, 0, 1].map((i) => ({ t: i, x: 10 + i, y: 10 }));
    const series = motionSeries(shuffled, HD, calibration);
    expect(series.map((sample) => sample.t)).toEqual([0, 1, 2]);
  });
});

describe('angles, time and rounding', () => {
  it('finds the smallest and largest angle and when', () => {
    const extremes = angleExtremes([
      { t: 0, degrees: 170 },
      { t: 1, degrees: 82 },
      { t: 2, degrees: 175 },
    ]);
    expect(extremes).toEqual({ min: { t: 1, degrees: 82 }, max: { t: 2, degrees: 175 } });
    expect(angleExtremes([])).toBeNull();
  });

  it('times between marks in real seconds, either way round', () => {
    expect(stopwatchSeconds(3.2, 1.2)).toBeCloseTo(2);
    expect(stopwatchSeconds(1, 3, 8)).toBeCloseTo(0.25);
    expect(realSeconds(2, null)).toBe(2);
    expect(realSeconds(2, 0.5)).toBe(2);
  });

  it('rounds to what the footage supports', () => {
    expect(decimalsFor(0.01)).toBe(2);
    expect(decimalsFor(0.0033)).toBe(3);
    // Good to 7.5 mm/s: hundredths, not thousandths.
    expect(decimalsFor(0.0075)).toBe(2);
    expect(decimalsFor(1 / 30)).toBe(2);
    expect(decimalsFor(1)).toBe(0);
    expect(decimalsFor(0)).toBe(0);
    expect(roundToStep(1.23456, 0.004)).toBe(1.235);
    expect(roundToStep(97.6, 1)).toBe(98);
    const steps = measurementSteps(calibrationOf(0.002), 30);
    expect(steps.seconds).toBeCloseTo(1 / 30);
    expect(steps.metresPerSecond).toBeCloseTo(0.015);
    expect(decimalsFor(steps.metres)).toBe(3);
  });

  it('writes CSV with quotes only where a cell needs them', () => {
    expect(
      seriesCsv(
        ['t_s', 'label'],
        [
          [0.5, 'bar, left'],
          [1, null],
        ],
      ),
    ).toBe('t_s,label\n0.5,"bar, left"\n1,\n');
  });
});
