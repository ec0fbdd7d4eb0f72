import { describe, expect, it } from 'vitest';
import { matchesFilter } from './tagging-filter';

const JORDAN = '7c000000-0000-4000-8000-000000000023';
const shot = {
  code: 'Shot',
  period: 'Q2',
  playerId: JORDAN,
  labels: [
    { group: 'Result', text: 'Missed' },
    { group: 'Zone', text: 'Three' },
  ],
};
const rebound = { code: 'Rebound', period: 'Q2', playerId: null, labels: [] };

describe('matchesFilter (a matrix cell opened, a playlist, an export)', () => {
  it('needs every condition given, and passes all when none is', () => {
    expect(matchesFilter(shot, {})).toBe(true);
    expect(matchesFilter(shot, { code: 'Shot', playerId: JORDAN, period: 'Q2' })).toBe(true);
    expect(matchesFilter(shot, { code: 'Shot', period: 'Q1' })).toBe(false);
    expect(matchesFilter(rebound, { playerId: JORDAN })).toBe(false);
  });

  it('reads "none" as the events tagged with nobody (the No player column)', () => {
    expect(matchesFilter(rebound, { playerId: 'none' })).toBe(true);
    expect(matchesFilter(shot, { playerId: 'none' })).toBe(false);
  });

  it('finds a label however the colon is spaced', () => {
    for (const written of ['Result: Missed', 'Result:Missed', 'Result : Missed']) {
      expect(matchesFilter(shot, { label: written }), written).toBe(true);
    }
    expect(matchesFilter(shot, { label: 'Result: Made' })).toBe(false);
  });
});
