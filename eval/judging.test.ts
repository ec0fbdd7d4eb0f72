import type { AthleteReading, MovementId } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { evaluateClip, type ClipLabel } from './evaluate';
import { evalSeed, pickVariants } from './seed';
import { isSlowed, VARIANT_KINDS, variantLabel } from './variants';

const reading = (movement: MovementId, confidence = 0.9) =>
  ({ movement, confidence, events: [], repetitions: 0, view: 'side' }) as unknown as AthleteReading;

const golf: ClipLabel = {
  movement: 'golf_swing',
  reps: { count: 1, times_s: [1.92], tol_s: 0.03 },
  events: [{ name: 'impact', t: 1.92, tol: 0.03 }],
};

describe('judging a reading against its label', () => {
  it('calls the labelled movement right, the general reading abstained, another rubric wrong', () => {
    expect(evaluateClip('c', golf, [reading('golf_swing')], 1).outcome).toBe('right');
    expect(evaluateClip('c', golf, [reading('general')], 0).outcome).toBe('abstained');
    expect(evaluateClip('c', golf, [], 0).outcome).toBe('abstained');
    expect(evaluateClip('c', golf, [reading('squat')], 1).outcome).toBe('wrong');
  });

  it('calls the general reading right, and any rubric wrong, on a movement outside the catalogue', () => {
    for (const movement of ['situp', 'walking', 'jump_rope', 'dance', 'boxing']) {
      expect(evaluateClip('c', { movement }, [reading('general')], 0).outcome).toBe('right');
      expect(evaluateClip('c', { movement }, [reading('push_up')], 0).outcome).toBe('wrong');
    }
  });

  it('accepts any labelled athlete’s coached movement, but not the general reading, on a mixed clip', () => {
    const mixed: ClipLabel = {
      movement: 'jumping_jacks',
      athletes: [
        { movement: 'jumping_jacks' },
        { movement: 'vertical_jump' },
        { movement: 'general_play' },
      ],
    };
    expect(evaluateClip('c', mixed, [reading('vertical_jump')], 0).outcome).toBe('right');
    expect(evaluateClip('c', mixed, [reading('general')], 0).outcome).toBe('abstained');
  });
});

describe('labels of a variant', () => {
  it('stretch times and tolerances with a slowed timeline', () => {
    const slowed = variantLabel(golf, 'slowed_x0.4');
    expect(slowed.events![0]!.t).toBeCloseTo(4.8);
    expect(slowed.events![0]!.tol).toBeCloseTo(0.075);
    expect(slowed.reps!.times_s[0]).toBeCloseTo(4.8);
    expect(slowed.reps!.count).toBe(1);
    expect(variantLabel(golf, 'slowed_x0.5').events![0]!.t).toBeCloseTo(3.84);
  });

  it('keep the timeline of the other variants, with no tolerance under half a frame at 15 fps', () => {
    expect(variantLabel(golf, 'mirrored').events).toEqual(golf.events);
    expect(variantLabel(golf, '15fps').events![0]).toEqual({
      name: 'impact',
      t: 1.92,
      tol: 1 / 30,
    });
  });
});

describe('the seeded variant per clip', () => {
  const clips = Array.from({ length: 28 }, (_, i) => `clip${i}.mp4`);

  it('is the same for the same seed, and differs between seeds', () => {
    expect([...pickVariants(27, clips)]).toEqual([...pickVariants(27, clips)]);
    expect([...pickVariants(27, clips)]).not.toEqual([...pickVariants(28, clips)]);
    expect(new Set(pickVariants(27, clips).values()).size).toBeGreaterThan(3);
  });

  it('keeps to the kinds a clip allows', () => {
    const picks = pickVariants(5, clips, () => VARIANT_KINDS.filter((k) => !isSlowed(k)));
    expect([...picks.values()].some(isSlowed)).toBe(false);
  });

  it('comes from EVAL_SEED when it is set, else from the clock', () => {
    expect(evalSeed({ EVAL_SEED: '1234' })).toBe(1234);
    expect(() => evalSeed({ EVAL_SEED: 'soon' })).toThrow(/EVAL_SEED/);
    expect(Math.abs(evalSeed({}) - Date.now())).toBeLessThan(1000);
  });
});
