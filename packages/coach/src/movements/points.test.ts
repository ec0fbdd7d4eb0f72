import { describe, expect, it } from 'vitest';
import { withinOneSport } from './analyse';
import { moduleFor } from './catalogue';
import { measuredLine } from './points';
import { metric, toRecord } from './records';
import { event } from './shared';

describe('measuredLine', () => {
  const yoga = moduleFor('yoga')!;
  const sway = (t: number) =>
    toRecord(
      metric({
        key: 'sway_1',
        name: 'Hold 1 hip sway',
        value: 2.4,
        unit: '% of body length',
        decimals: 1,
        t,
        event: 'hold_start',
        topic: 'balance',
      }),
      1,
    );
  const events = [
    event('hold_start', 'Start of hold 1', 0),
    event('hold_end', 'End of hold 1', 2.3),
  ];

  it('names the moment a record was taken at', () => {
    expect(measuredLine(sway(0.05), yoga, events)).toBe(
      'Hold 1 hip sway 2.4 % of body length as a hold starts.',
    );
  });

  it('gives the time, not the moment of its kind, for a record taken at another time', () => {
    expect(measuredLine(sway(2.3), yoga, events)).toBe(
      'Hold 1 hip sway 2.4 % of body length at 0:02.3.',
    );
  });
});

describe('withinOneSport', () => {
  it('leaves another sport out of a clip whose sport is certain', () => {
    const [shooter, passer] = withinOneSport([
      [
        { id: 'basketball_shot', score: 0.95 },
        { id: 'squat', score: 0.2 },
      ],
      [
        { id: 'tennis_groundstroke', score: 0.52 },
        { id: 'squat', score: 0.3 },
      ],
    ]);
    expect(shooter!.map((c) => c.id)).toEqual(['basketball_shot', 'squat']);
    expect(passer!.map((c) => c.id)).toEqual(['squat']);
  });

  it('keeps every candidate when no sport is certain', () => {
    const rankings = [
      [{ id: 'tennis_groundstroke' as const, score: 0.45 }],
      [{ id: 'golf_swing' as const, score: 0.4 }],
    ];
    expect(withinOneSport(rankings)).toEqual(rankings);
  });
});
