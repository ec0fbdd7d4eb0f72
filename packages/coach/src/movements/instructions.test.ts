import { describe, expect, it } from 'vitest';
import { readInstructions, type CoachInstructions } from './instructions';

type Expected = Partial<CoachInstructions>;

/**
 * Phrasings coaches type into Regenerate, and what each must be read as. Fields left out of an
 * expectation default to "nothing asked": no movement, no focus, nothing left out, no window.
 */
const PHRASINGS: [string, Expected][] = [
  // Exclusion, with the negation ending at the clause's end.
  ['no knees, focus arms', { exclude: ['legs'], focus: ['arms'] }],
  ["don't talk about depth", { exclude: ['depth'] }],
  ['dont talk about depth', { exclude: ['depth'] }],
  ['do not talk about the knees, focus on the arms', { exclude: ['legs'], focus: ['arms'] }],
  ['Do not talk about the knees but focus on the arms', { exclude: ['legs'], focus: ['arms'] }],
  ["Don't mention the knees and focus on the shoulders", { exclude: ['legs'], focus: ['arms'] }],
  ['ignore tempo and depth', { exclude: ['depth', 'tempo'] }],
  ['nothing about the back', { exclude: ['posture'] }],
  ['leave the hips out', { exclude: ['legs'] }],
  ['skip the head position; talk about balance', { exclude: ['head'], focus: ['balance'] }],
  ['without commenting on his feet', { exclude: ['legs'] }],
  ['forget about the spine', { exclude: ['posture'] }],
  ['everything except the elbows', { exclude: ['arms'] }],
  ['focus on the arms rather than the legs', { focus: ['arms'], exclude: ['legs'] }],
  ['the wrists, not the ankles', { focus: ['arms'], exclude: ['legs'] }],
  ['stop telling me about lean. I want tempo', { exclude: ['posture'], focus: ['tempo'] }],
  // Focus, and "only" making it exclusive.
  ['focus on the arms only', { focus: ['arms'], only: true }],
  ['only the arms', { focus: ['arms'], only: true }],
  ['just the landing', { focus: ['jumping'], only: true }],
  ['focus on the hands and wrists', { focus: ['arms'] }],
  ['look at his posture', { focus: ['posture'] }],
  ['focus on the spine angle and the head', { focus: ['posture', 'head'] }],
  ['focus on not leaning forward', { focus: ['posture'] }],
  ['try not to lean', { focus: ['posture'] }],
  ['I want you to not talk about the knees', { exclude: ['legs'] }],
  ['not only the arms but also the legs', { focus: ['arms', 'legs'] }],
  ['just balance, nothing else', { focus: ['balance'], only: true }],
  ['focus on cadence', { focus: ['rhythm'] }],
  ['focus on depth and the knees', { focus: ['depth', 'legs'] }],
  // Movement names: a negated movement is never chosen.
  ['this is a golf swing, not a squat', { movement: 'golf_swing', notMovements: ['squat'] }],
  ['not a squat, it is a deadlift', { movement: 'hip_hinge', notMovements: ['squat'] }],
  [
    'This is a golf swing. Do not tell me to squat deeper',
    { movement: 'golf_swing', notMovements: ['squat'], exclude: ['depth'] },
  ],
  ['only the backswing and the hip turn', { movement: 'golf_swing', focus: ['legs'], only: true }],
  ['kettlebell swing, watch the back', { movement: 'hip_hinge', focus: ['posture'] }],
  ['this is a back squat', { movement: 'squat' }],
  ['jump shot, focus on the release', { movement: 'basketball_shot' }],
  ['tennis serve', { movement: 'tennis_serve' }],
  ['it is running, look at the arms', { movement: 'running', focus: ['arms'] }],
  ['hip hinge please', { movement: 'hip_hinge' }],
  ['jumping jacks, arms', { movement: 'jumping_jacks', focus: ['arms'] }],
  ['focus on shooting form', { movement: 'basketball_shot' }],
  // Time windows, level and tone.
  ['between 2 and 5 s', { window: { from: 2, to: 5 } }],
  ['from 0:03 to 0:06', { window: { from: 3, to: 6 } }],
  ['only between 1.5 and 4 seconds', { window: { from: 1.5, to: 4 } }],
  [
    'focus on tempo, between 0:03 and 0:06, beginner, encouraging',
    { focus: ['tempo'], window: { from: 3, to: 6 }, level: 'beginner', tone: 'encouraging' },
  ],
  ['for a beginner', { level: 'beginner' }],
  ['be direct', { tone: 'direct' }],
  ['keep it short, she is an elite lifter', { tone: 'direct', level: 'advanced' }],
  ['be encouraging, no depth talk', { tone: 'encouraging', exclude: ['depth'] }],
  ['', {}],
];

const NOTHING_ASKED: CoachInstructions = {
  movement: null,
  notMovements: [],
  focus: [],
  only: false,
  exclude: [],
  window: null,
  level: 'standard',
  tone: 'standard',
};

describe('readInstructions', () => {
  it('has the issue’s phrasings and at least 40 in all', () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PHRASINGS)('reads %j', (text, expected) => {
    const read = readInstructions(text);
    const sorted = (topics: string[]) => [...topics].sort();
    expect({
      ...read,
      focus: sorted(read.focus),
      exclude: sorted(read.exclude),
    }).toEqual({
      ...NOTHING_ASKED,
      ...expected,
      focus: sorted(expected.focus ?? []),
      exclude: sorted(expected.exclude ?? []),
    });
  });
});
