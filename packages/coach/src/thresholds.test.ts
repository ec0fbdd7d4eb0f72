import { describe, expect, it } from 'vitest';
import { isShallowSquat } from './thresholds';

describe('isShallowSquat', () => {
  it('judges depth only when the knees really bent', () => {
    expect(isShallowSquat({ kneeAngleAtBottom: 118 })).toBe(true);
    expect(isShallowSquat({ kneeAngleAtBottom: 92 })).toBe(false);
    // A ball player's ready stance: hips lower, knees nearly straight. Not a shallow squat.
    expect(isShallowSquat({ kneeAngleAtBottom: 167 })).toBe(false);
    expect(isShallowSquat({ kneeAngleAtBottom: undefined })).toBe(false);
  });
});
