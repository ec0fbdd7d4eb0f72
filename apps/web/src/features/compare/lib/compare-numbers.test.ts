import type { AthleteReading, MetricRecord } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  alignedKeyMetrics,
  matchingMetrics,
  syncableEvents,
  syncedRepRows,
} from './compare-numbers';

function metric(overrides: Partial<MetricRecord>): MetricRecord {
  return {
    id: 'a1.depth',
    athlete: 1,
    name: 'Knee angle at the bottom',
    value: 92,
    unit: '°',
    text: '92°',
    t: 2,
    event: 'bottom',
    target: null,
    source: null,
    status: 'info',
    ...overrides,
  };
}

function reading(overrides: Partial<AthleteReading>): AthleteReading {
  return {
    index: 1,
    name: 'Athlete 1',
    trackId: 1,
    playerMatchId: null,
    movement: 'squat',
    movementLabel: 'Squat',
    confidence: 0.9,
    movementSource: 'detected',
    view: 'side',
    viewConfidence: 0.8,
    events: [{ name: 'bottom', label: 'Bottom of rep 1', t: 2 }],
    repetitions: 1,
    metrics: [],
    withheld: [],
    ...overrides,
  };
}

describe('syncableEvents', () => {
  it('offers both sides\u2019 key events for the same movement', () => {
    const events = syncableEvents(reading({}), reading({ events: [] }));
    expect(events).toBeNull();
    expect(syncableEvents(reading({}), reading({}))?.b[0]?.label).toBe('Bottom of rep 1');
  });

  it('offers none across different movements or without a reading', () => {
    expect(syncableEvents(reading({}), reading({ movement: 'golf_swing' }))).toBeNull();
    expect(syncableEvents(null, reading({}))).toBeNull();
  });
});

describe('alignedKeyMetrics', () => {
  const series = (samples: [number, number][], name = 'Knee angle') => ({
    name,
    unit: '°',
    target: 90,
    samples,
  });

  it('moves each series so its sync point is zero', () => {
    const aligned = alignedKeyMetrics(
      {
        series: series([
          [1, 170],
          [2, 95],
        ]),
        syncPoint: 2,
      },
      {
        series: series([
          [7, 160],
          [8, 88],
        ]),
        syncPoint: 8,
      },
    );
    expect(aligned).toEqual({
      kind: 'chart',
      name: 'Knee angle',
      unit: '°',
      target: 90,
      a: [
        [-1, 170],
        [0, 95],
      ],
      b: [
        [-1, 160],
        [0, 88],
      ],
    });
  });

  it('refuses to draw different measures on one axis, and says why', () => {
    const aligned = alignedKeyMetrics(
      { series: series([[0, 1]]), syncPoint: 0 },
      { series: series([[0, 1]], 'Hip height'), syncPoint: 0 },
    );
    expect(aligned).toEqual({
      kind: 'none',
      reason: 'The two takes measure different things (Knee angle, Hip height).',
    });
    expect(
      alignedKeyMetrics({ series: null, syncPoint: 0 }, { series: null, syncPoint: 0 }).kind,
    ).toBe('none');
  });
});

describe('matchingMetrics', () => {
  it('pairs the same measure across athletes and gives B − A', () => {
    const a = reading({
      metrics: [
        metric({}),
        metric({ id: 'a1.tempo', name: 'Tempo', value: 2.1, unit: 's', text: '2.1 s' }),
      ],
    });
    const b = reading({
      metrics: [
        metric({ id: 'a2.depth', athlete: 2, value: 88, text: '88°' }),
        metric({ id: 'a2.tempo', name: 'Tempo', value: 2.45, unit: 's', text: '2.45 s' }),
        metric({ id: 'a2.only_b', name: 'Only on B' }),
      ],
    });
    expect(matchingMetrics(a, b)).toEqual([
      { key: 'depth|°', name: 'Knee angle at the bottom', a: '92°', b: '88°', difference: '−4°' },
      { key: 'tempo|s', name: 'Tempo', a: '2.1 s', b: '2.45 s', difference: '+0.35 s' },
    ]);
  });

  it('writes an equal measure as ±0 and skips a different unit', () => {
    const a = reading({ metrics: [metric({})] });
    expect(matchingMetrics(a, reading({ metrics: [metric({})] }))[0]?.difference).toBe('±0°');
    expect(matchingMetrics(a, reading({ metrics: [metric({ unit: 'cm' })] }))).toEqual([]);
    expect(matchingMetrics(a, null)).toEqual([]);
  });
});

describe('syncedRepRows', () => {
  const events = [
    { name: 'bottom', label: 'Bottom of rep 1', t: 1 },
    { name: 'bottom', label: 'Bottom of rep 2', t: 3 },
  ];
  const series = {
    name: 'Knee angle',
    unit: '°',
    target: 100,
    samples: [
      [0, 170],
      [0.5, 130],
      [1, 118.6],
      [1.5, 140],
      [2, 170],
      [2.5, 120],
      [3, 95.2],
      [3.5, 150],
      [4, 170],
    ] as [number, number][],
  };

  it('reads one clip at two reps as two different takes', () => {
    const rows = syncedRepRows({ series, events, syncPoint: 1 }, { series, events, syncPoint: 3 });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.rep).toMatchObject({ a: 'Rep 1 of 2', b: 'Rep 2 of 2', difference: null });
    expect(byKey['at-sync-point']).toMatchObject({
      name: 'At the sync point',
      a: '119°',
      b: '95°',
      difference: '−23°',
    });
    expect(byKey['rep-low']).toMatchObject({
      name: 'Lowest frame in the rep',
      a: '119°',
    });
    expect(byKey['rep-high']!.a).toBe('170°');
  });

  it('has nothing to say across different measures', () => {
    const height = { ...series, name: 'Hip height', unit: 'trunk lengths' };
    expect(
      syncedRepRows({ series, events, syncPoint: 1 }, { series: height, events, syncPoint: 1 }),
    ).toEqual([]);
    expect(
      syncedRepRows({ series: null, events, syncPoint: 1 }, { series, events, syncPoint: 1 }),
    ).toEqual([]);
  });
});
