import type { MetricSeries } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  formatMetricValue,
  linePath,
  metricChartLayout,
  metricSummary,
  metricTitle,
  niceTicks,
  splitAtGaps,
  stepDecimals,
  thinSamples,
  timeTicks,
  valueAt,
} from './metric-chart';
import type { MetricSample } from './metric-chart';

const kneeAngle: MetricSeries = {
  name: 'Knee angle',
  unit: '°',
  target: 90,
  samples: [
    [0, 175],
    [0.2, 160],
    [0.4, 131.4],
    [0.6, 104],
    [0.8, 98.2],
    [1, 120],
  ],
};

describe('labels', () => {
  it('titles the chart with the metric name and unit', () => {
    expect(metricTitle(kneeAngle)).toBe('Knee angle (°)');
    expect(metricTitle({ name: 'Repetitions', unit: '' })).toBe('Repetitions');
  });

  it('attaches degrees and percentages, spaces other units', () => {
    expect(formatMetricValue(104.4, '°', 0)).toBe('104°');
    expect(formatMetricValue(12, '%', 0)).toBe('12%');
    expect(formatMetricValue(0.184, 'body lengths/s', 2)).toBe('0.18 body lengths/s');
    expect(formatMetricValue(3, '', 1)).toBe('3.0');
  });

  it('summarises the range for the accessible name and the description', () => {
    expect(metricSummary(kneeAngle)).toEqual({
      label: 'Knee angle over time, from 98° to 175°',
      description: 'Lowest frame 98° at 0:00, highest frame 175° at 0:00. Target 90°.',
    });
    const speed: MetricSeries = {
      name: 'Hip speed',
      unit: 'body lengths/s',
      target: null,
      samples: [
        [3, 0.1],
        [64, 0.42],
      ],
    };
    expect(metricSummary(speed)).toEqual({
      label: 'Hip speed over time, from 0.10 body lengths/s to 0.42 body lengths/s',
      description:
        'Lowest frame 0.10 body lengths/s at 0:03, highest frame 0.42 body lengths/s at 1:04.',
    });
    expect(metricSummary({ ...speed, samples: [] }).label).toBe('Hip speed over time');
  });
});

describe('niceTicks', () => {
  it('covers the values with round steps and widens the domain to the outer ticks', () => {
    expect(niceTicks(90, 175, 4)).toEqual({
      ticks: [80, 100, 120, 140, 160, 180],
      domain: [80, 180],
      step: 20,
    });
    expect(niceTicks(0.1, 0.42, 4)).toEqual({
      ticks: [0.1, 0.2, 0.3, 0.4, 0.5],
      domain: [0.1, 0.5],
      step: 0.1,
    });
  });

  it('writes every tick as a whole number of steps: a tick at zero is 0, not float noise', () => {
    // Compare's axis runs around the sync point, from a start that is a sum of floats.
    for (const start of [-0.7000000000000001, -0.30000000000000004, -2.9, -1.05]) {
      for (const count of [2, 3, 4, 6, 9, 12, 16, 30]) {
        const { ticks, step } = niceTicks(start, start + 3.3, count);
        for (const tick of ticks) {
          expect(String(tick)).not.toMatch(/e/);
          expect(Object.is(tick, -0)).toBe(false);
          expect(Math.abs(tick / step - Math.round(tick / step))).toBeLessThan(1e-9);
        }
        expect(ticks).toContain(0);
      }
    }
  });

  it('puts a flat series in the middle of a band', () => {
    const { domain } = niceTicks(100, 100, 4);
    expect(domain[0]).toBeLessThan(100);
    expect(domain[1]).toBeGreaterThan(100);
  });

  it('gives tick labels the decimals their step needs', () => {
    expect(stepDecimals(20)).toBe(0);
    expect(stepDecimals(1)).toBe(0);
    expect(stepDecimals(0.5)).toBe(1);
    expect(stepDecimals(0.1)).toBe(1);
    expect(stepDecimals(0.05)).toBe(2);
  });
});

describe('timeTicks', () => {
  it('labels time from 0:00 in steps that fit the width', () => {
    expect(timeTicks(13, 300)).toEqual([0, 5, 10]);
    expect(timeTicks(13, 600)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(timeTicks(95, 300)).toEqual([0, 30, 60, 90]);
    expect(timeTicks(0, 300)).toEqual([0]);
  });
});

describe('splitAtGaps and valueAt', () => {
  const samples: MetricSample[] = [
    [0, 10],
    [0.2, 20],
    [0.4, 30],
    // The athlete was hidden from 0.4 s to 2 s.
    [2, 50],
    [2.2, 40],
  ];

  it('breaks the line where measurements stop for a while', () => {
    expect(splitAtGaps(samples)).toEqual([samples.slice(0, 3), samples.slice(3)]);
    expect(splitAtGaps([])).toEqual([]);
  });

  it('reads values off the line, and nothing in a gap', () => {
    const runs = splitAtGaps(samples);
    expect(valueAt(runs, 0.1)).toBeCloseTo(15);
    expect(valueAt(runs, 0.4)).toBe(30);
    expect(valueAt(runs, 2.1)).toBeCloseTo(45);
    expect(valueAt(runs, 1)).toBeNull();
    expect(valueAt(runs, 3)).toBeNull();
  });
});

describe('metricChartLayout', () => {
  const layout = metricChartLayout(kneeAngle, { width: 340, height: 180 }, 13);

  it('runs time across the plot from 0 to the end of the clip', () => {
    expect(layout.end).toBe(13);
    expect(layout.x(0)).toBe(layout.plot.left);
    expect(layout.x(13)).toBe(layout.plot.left + layout.plot.width);
    expect(layout.x(20)).toBe(layout.plot.left + layout.plot.width);
    expect(layout.timeAt(layout.plot.left + layout.plot.width / 2)).toBeCloseTo(6.5);
    expect(layout.timeAt(0)).toBe(0);
    expect(layout.timeAt(1000)).toBe(13);
  });

  it('fits the values and the target, higher values higher up', () => {
    expect(layout.yDomain[0]).toBeLessThanOrEqual(90);
    expect(layout.yDomain[1]).toBeGreaterThanOrEqual(175);
    expect(layout.y(layout.yDomain[0])).toBe(layout.plot.top + layout.plot.height);
    expect(layout.y(layout.yDomain[1])).toBe(layout.plot.top);
    expect(layout.tickDecimals).toBe(0);
    expect(layout.decimals).toBe(0);
  });

  it('uses the last sample when the clip length is unknown', () => {
    expect(metricChartLayout(kneeAngle, { width: 340, height: 180 }, null).end).toBe(1);
  });
});

describe('linePath and thinSamples', () => {
  it('draws through every sample of a run', () => {
    expect(
      linePath(
        [
          [0, 1],
          [1, 2],
        ],
        (t) => t * 10,
        (v) => 100 - v,
      ),
    ).toBe('M0,99L10,98');
  });

  it('keeps at most the asked number of samples, first and last included', () => {
    const samples = Array.from({ length: 100 }, (_, index) => [index / 10, index] as const);
    const thinned = thinSamples(samples, 5);
    expect(thinned.map((sample) => sample[1])).toEqual([0, 25, 50, 74, 99]);
    expect(thinSamples(samples.slice(0, 3), 5)).toHaveLength(3);
  });
});
