import type { TagSuggestion } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { decidedActionOf, isDecidedBy, type Decision } from './decided-suggestions';

const swing = (changes: Partial<TagSuggestion> = {}): TagSuggestion => ({
  id: '5b000000-0000-4000-8000-000000000001',
  videoId: '5b000000-0000-4000-8000-0000000000f0',
  t: 1.9,
  action: 'Swing',
  movement: 'golf_swing',
  event: 'impact',
  eventLabel: 'Impact',
  athleteName: 'Athlete 1 (white shirt)',
  playerId: null,
  confidence: 0.9,
  movementSource: 'detected',
  rangeId: null,
  ...changes,
});

const decisionOn = (suggestion: TagSuggestion): Decision => ({
  suggestionId: suggestion.id,
  ...decidedActionOf(suggestion),
});

describe('a decision keeps to its action', () => {
  const decision = decisionOn(swing());
  const moved = (changes: Partial<TagSuggestion>) =>
    swing({ id: '5b000000-0000-4000-8000-000000000002', ...changes });

  it('when a re-analysis moves the moment less than a repetition could be seen twice', () => {
    expect(isDecidedBy(decision, moved({ t: 2.1 }))).toBe(true);
    expect(isDecidedBy(decision, moved({ t: 1.65 }))).toBe(true);
  });

  it('not to another action: later, another athlete, another event, or another kind of analysis', () => {
    expect(isDecidedBy(decision, moved({ t: 2.3 }))).toBe(false);
    expect(isDecidedBy(decision, moved({ athleteName: 'Athlete 2 (red shirt)' }))).toBe(false);
    expect(isDecidedBy(decision, moved({ movement: 'tennis_serve', event: 'contact' }))).toBe(
      false,
    );
    expect(isDecidedBy(decision, moved({ rangeId: '5b000000-0000-4000-8000-0000000000a1' }))).toBe(
      false,
    );
  });

  it('by the roster athlete, whatever name a re-analysis gives them', () => {
    const named = decisionOn(swing({ playerId: 'jordan', athleteName: 'Jordan' }));
    expect(isDecidedBy(named, moved({ playerId: 'jordan', athleteName: 'Athlete 1' }))).toBe(true);
  });

  it('by id alone when made before what was decided was kept', () => {
    const old: Decision = {
      suggestionId: swing().id,
      source: null,
      movement: null,
      event: null,
      athlete: null,
      t: null,
    };
    expect(isDecidedBy(old, swing())).toBe(true);
    expect(isDecidedBy(old, moved({ t: 1.95 }))).toBe(false);
  });
});
