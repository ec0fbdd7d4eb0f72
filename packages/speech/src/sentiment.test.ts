import { describe, expect, it } from 'vitest';
import { sentimentOf } from './sentiment';

describe('sentimentOf', () => {
  it.each([
    // The three examples.
    ['Great footwork on that drive!', 'positive'],
    ['You dropped your shoulder again, too slow', 'negative'],
    ['Keep your elbow at 90 degrees', 'neutral'],
    // Praise.
    ['Nice recovery, much better balance this time', 'positive'],
    ['Excellent first touch, well done', 'positive'],
    ['Perfect timing on the jump', 'positive'],
    // Criticism, including the coaching faults VADER's lexicon lacks.
    ['Late on the rotation, you left the lane open', 'negative'],
    ['Sloppy pass, you need to look up first', 'negative'],
    ['Weak finish, that should have been a goal', 'negative'],
    ['You missed the tackle', 'negative'],
    // Instructions.
    ['Step forward with your left foot', 'neutral'],
    ['Slow the descent and drive up', 'neutral'],
    ['Keep your elbow up', 'neutral'],
  ] as const)('%s → %s', (text, label) => {
    expect(sentimentOf(text).label).toBe(label);
  });

  // Issue 29: "keep your head still, you are lifting early" was called positive. Corrective
  // cues, with or without manners, are not praise; praise around a cue still is.
  it.each([
    ['Keep your head still, you are lifting early', 'negative'],
    ['Keep your head still, you are lifting early, fine', 'negative'],
    ['Please keep your head still, you are lifting early', 'negative'],
    ["OK, you're opening your hips too early", 'negative'],
    ['You are rushing the backswing', 'negative'],
    ['Your heels are coming up early', 'negative'],
    ['Relax your grip', 'neutral'],
    ['Stay strong through the finish', 'neutral'],
    ['Please keep your chest up', 'neutral'],
    ['Get to the ball early and load', 'neutral'],
    ['Stop leaning back', 'negative'],
    ['Good depth, keep it up', 'positive'],
    ['Keep up the great work', 'positive'],
    ['Stay relaxed, great rhythm on that rep', 'positive'],
    ["That's fine, same again", 'positive'],
  ] as const)('coaching cue %s → %s', (text, label) => {
    expect(sentimentOf(text).label).toBe(label);
  });

  it('gives VADER’s compound strength as the confidence of praise and criticism', () => {
    // VADER scores "Great footwork on that drive!" at compound 0.6588.
    expect(sentimentOf('Great footwork on that drive!')).toEqual({
      label: 'positive',
      confidence: 0.6588,
    });
    const criticism = sentimentOf('Bad decision to shoot there');
    expect(criticism.label).toBe('negative');
    expect(criticism.confidence).toBeCloseTo(0.7096, 4);
  });

  it('is fully confident that a plain instruction is neutral', () => {
    expect(sentimentOf('Keep your elbow at 90 degrees')).toEqual({
      label: 'neutral',
      confidence: 1,
    });
  });

  it('lets VADER’s own rules apply to the coaching faults it was taught', () => {
    // Negated: not being late is praise.
    expect(sentimentOf("You weren't late this time").label).toBe('positive');
    // Shouted: capitals make the criticism stronger.
    const shouted = sentimentOf('You were WAY TOO SLOW getting back');
    const said = sentimentOf('You were way too slow getting back');
    expect(shouted.label).toBe('negative');
    expect(said.label).toBe('negative');
    expect(shouted.confidence).toBeGreaterThan(said.confidence);
    // "late in the half" is a time, not a fault.
    expect(sentimentOf('Late in the half you switched sides').label).toBe('neutral');
  });

  it('calls empty and blank text neutral', () => {
    expect(sentimentOf('')).toEqual({ label: 'neutral', confidence: 1 });
    expect(sentimentOf('  \n\t ')).toEqual({ label: 'neutral', confidence: 1 });
  });

  it('keeps every confidence between 0 and 1', () => {
    for (const text of [
      'GREAT GREAT GREAT!!!',
      'awful terrible horrible!!!',
      'good but bad',
      'ok',
    ]) {
      const { confidence } = sentimentOf(text);
      expect(confidence).toBeGreaterThanOrEqual(0);
      expect(confidence).toBeLessThanOrEqual(1);
    }
  });
});
