import { describe, expect, it } from 'vitest';
import type { AthleteReading } from './analysis';
import { suggestedActionsOf } from './tagging-suggestions';

const reading = (overrides: Partial<AthleteReading>): AthleteReading => ({
  index: 1,
  name: 'Athlete 1',
  trackId: 3,
  playerMatchId: null,
  movement: 'basketball_shot',
  movementLabel: 'Basketball shot',
  confidence: 0.95,
  movementSource: 'detected',
  view: 'side',
  viewConfidence: 0.9,
  events: [],
  repetitions: 0,
  metrics: [],
  withheld: [],
  ...overrides,
});

describe('suggestedActionsOf', () => {
  it('suggests each repetition at its key event, in time order, across athletes', () => {
    const shooter = reading({
      events: [
        { name: 'dip', label: 'Dip', t: 1.2 },
        { name: 'release', label: 'Release', t: 1.6 },
        { name: 'release', label: 'Release', t: 7.4 },
      ],
    });
    const server = reading({
      index: 2,
      name: 'Sam',
      trackId: 8,
      playerMatchId: 'a1b2',
      movement: 'tennis_serve',
      events: [{ name: 'contact', label: 'Contact', t: 3 }],
    });
    expect(
      suggestedActionsOf([shooter, server]).map((s) => [s.action, s.t, s.athleteName, s.event]),
    ).toEqual([
      ['Shot', 1.6, 'Athlete 1', 'release'],
      ['Serve', 3, 'Sam', 'contact'],
      ['Shot', 7.4, 'Athlete 1', 'release'],
    ]);
  });

  it('suggests nothing from an abstained (general) reading, whatever events it has', () => {
    const abstained = reading({
      movement: 'general',
      events: [{ name: 'release', label: 'Release', t: 2 }],
    });
    expect(suggestedActionsOf([abstained])).toEqual([]);
  });

  it('suggests nothing for movements that are not game actions', () => {
    const squat = reading({
      movement: 'squat',
      events: [{ name: 'bottom', label: 'Bottom', t: 2 }],
    });
    expect(suggestedActionsOf([squat])).toEqual([]);
  });
});
