import { describe, expect, it } from 'vitest';
import { hopFootTrack, hopPoses } from '@/testing/hop-poses';
import { SQUARE_ON_COURT } from '@/testing/square-on-court';
import {
  barReadings,
  calibrationFarFromPath,
  calibrationOf,
  offGroundStretches,
  readingsCsv,
} from './measure-readings';

const picture = { width: 1000, height: 1000 };
// 0.5 m across 500 px: a millimetre a pixel.
const calibration = calibrationOf(
  { from: { x: 0, y: 90 }, to: { x: 50, y: 90 }, metres: 0.5 },
  picture,
)!;

/** A bar rising at 0.6 m/s for a second, then still: 30 fps, in percent of the picture. */
const rising = Array.from({ length: 45 }, (_, i) => {
  const t = i / 30;
  const risen = Math.min(t, 1) * 600; // px
  return { t, x: 40, y: (800 - risen) / 10 };
});

describe('bar readings', () => {
  it('reads the peak speed of a lift in m/s, upwards positive, at its clip time', () => {
    const readings = barReadings(rising, picture, calibration, null);
    expect(readings.peak!.speed).toBeCloseTo(0.6, 2);
    expect(readings.peak!.vy).toBeGreaterThan(0);
    expect(readings.peak!.clipT).toBeLessThan(1);
    // A millimetre a pixel: three decimals of metres; speed to a pixel over four frames.
    expect(readings.metreDecimals).toBe(3);
    expect(readings.speedDecimals).toBe(2);
  });

  it('keeps the clip time apart from real time on slowed footage', () => {
    const readings = barReadings(rising, picture, calibration, 2);
    expect(readings.peak!.speed).toBeCloseTo(1.2, 2);
    expect(readings.series[10]!.clipT).toBeCloseTo(10 / 30, 6);
    expect(readings.series[10]!.t).toBeCloseTo(10 / 60, 6);
  });

  it('writes the bar and the angle to one CSV, each row naming its series', () => {
    const readings = barReadings(rising.slice(0, 4), picture, calibration, null);
    const csv = readingsCsv({
      bar: readings,
      angle: { name: 'left knee', samples: [{ t: 0.2, degrees: 91 }] },
      calibrationKind: 'line',
    });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'series,clip_time_s,real_time_s,x_m,height_m,speed_m_per_s,acceleration_m_per_s2,angle_deg,stopwatch_start_clip_s,stopwatch_end_clip_s,stopwatch_real_s',
    );
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines[1]).toMatch(/^bar,0,0,0\.4,-0\.8,0\.6,[\d.]+,,,,$/);
    expect(lines.at(-1)).toBe('left knee,0.2,,,,,,91,,,');
  });

  it('adds the stopwatch as one row: its marks on the clip and the real time between them', () => {
    // Marked end first: 2.5 s then 1.5 s of 4× slow motion is a quarter second of life.
    const csv = readingsCsv({
      bar: null,
      angle: null,
      stopwatch: { name: 'Ground contact', start: 2.5, end: 1.5, slowMotionFactor: 4 },
      calibrationKind: null,
    });
    const [header, stopwatch] = csv.trim().split('\n');
    const cells = Object.fromEntries(
      header!.split(',').map((column, i) => [column, stopwatch!.split(',')[i]]),
    );
    expect(cells).toEqual({
      series: 'Ground contact',
      clip_time_s: '1.5',
      real_time_s: '0.375',
      x_m: '',
      height_m: '',
      speed_m_per_s: '',
      acceleration_m_per_s2: '',
      angle_deg: '',
      stopwatch_start_clip_s: '1.5',
      stopwatch_end_clip_s: '2.5',
      stopwatch_real_s: '0.25',
    });
  });
});

describe('the CSV on a court rectangle', () => {
  // A 4 × 8 m rectangle seen square-on, 100 px a metre, corner 1 at the picture's top left.
  const plane = calibrationOf(SQUARE_ON_COURT, picture)!;

  it('names the position columns for the court’s two sides, not a height', () => {
    // Running down the court (corner 2 to 3) at 3 m/s, 1 m in from the first long side.
    const run = Array.from({ length: 10 }, (_, i) => ({ t: i / 30, x: 20, y: 20 + i }));
    const readings = barReadings(run, picture, plane, null);
    const [header, first] = readingsCsv({
      bar: readings,
      angle: null,
      calibrationKind: plane.kind,
    })
      .trim()
      .split('\n');
    const columns = header!.split(',');
    expect(columns.slice(3, 5)).toEqual(['across_m', 'along_m']);
    expect(columns).not.toContain('height_m');
    const cells = Object.fromEntries(columns.map((column, i) => [column, first!.split(',')[i]]));
    expect(Number(cells.across_m)).toBeCloseTo(1, 2);
    expect(Number(cells.along_m)).toBeCloseTo(1, 2);
    expect(Number(cells.speed_m_per_s)).toBeCloseTo(3, 1);
  });

  it('keeps the same columns when nothing moved was tracked on the plane', () => {
    const header = readingsCsv({
      bar: null,
      angle: { name: 'left knee', samples: [{ t: 0, degrees: 90 }] },
      calibrationKind: 'plane',
    }).split('\n')[0]!;
    expect(header.split(',').slice(3, 5)).toEqual(['across_m', 'along_m']);
  });
});

describe('a point leaving the court rectangle’s ground', () => {
  // A 4 × 8 m rectangle seen square-on from above, 100 px a metre.
  const plane = calibrationOf(SQUARE_ON_COURT, picture)!;
  const poses = hopPoses({ x: 30, y: 70 });
  const foot = hopFootTrack({ x: 30, y: 70 });

  it('marks the samples in the air, names their stretch, and says so in the CSV', () => {
    const readings = barReadings(foot, picture, plane, null, poses);
    const [stretch, ...more] = offGroundStretches(readings.series);
    expect(more).toEqual([]);
    expect(stretch!.start).toBeCloseTo(31 / 30, 3);
    expect(stretch!.end).toBeCloseTo(44 / 30, 3);
    const lines = readingsCsv({ bar: readings, angle: null, calibrationKind: 'plane' })
      .trim()
      .split('\n');
    const columns = lines[0]!.split(',');
    expect(columns.at(-1)).toBe('off_ground');
    const offGround = (t: number) => {
      const row = lines.find((line) => line.split(',')[1] === String(t))!.split(',');
      return row[columns.indexOf('off_ground')];
    };
    expect(offGround(0.5)).toBe('no');
    expect(offGround(1.2)).toBe('yes');
    expect(offGround(2)).toBe('no');
  });

  it('cannot tell without the scan, and asks nothing of a line’s plane', () => {
    const unscanned = barReadings(foot, picture, plane, null, null);
    expect(unscanned.series.every((sample) => sample.offGround === null)).toBe(true);
    const csv = readingsCsv({ bar: unscanned, angle: null, calibrationKind: 'plane' });
    expect(csv.split('\n')[2]!.endsWith(',')).toBe(true);
    const onLine = barReadings(foot, picture, calibration, null, poses);
    expect(offGroundStretches(onLine.series)).toEqual([]);
    expect(readingsCsv({ bar: onLine, angle: null, calibrationKind: 'line' })).not.toMatch(
      /off_ground/,
    );
  });
});

describe('calibrationFarFromPath', () => {
  const plate = { from: { x: 38, y: 75 }, to: { x: 42, y: 85 } };
  it('is not far when the path crosses the line (a plate on the bar) or passes near it', () => {
    expect(calibrationFarFromPath(plate, rising, picture)).toBe(false);
    const beside = { from: { x: 45, y: 60 }, to: { x: 45, y: 70 } };
    expect(calibrationFarFromPath(beside, rising, picture)).toBe(false);
  });
  it('is far when the line lies across the picture from the whole path', () => {
    const farWall = { from: { x: 85, y: 5 }, to: { x: 95, y: 5 } };
    expect(calibrationFarFromPath(farWall, rising, picture)).toBe(true);
    expect(calibrationFarFromPath(farWall, [], picture)).toBe(false);
  });
});
