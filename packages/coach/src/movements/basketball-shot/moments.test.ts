import { describe, expect, it } from 'vitest';
import { heldFrom } from './moments';

// Hands (trunk lengths above the shoulders) sampled 30 times a second: the push ends at
// release (0.5 s), the arm finishes extending and overshoots for a few frames, then holds.
const t = Array.from({ length: 45 }, (_, i) => i / 30);
const h = t.map((time) => {
  if (time < 0.5) return 0.3 + time; // the push
  if (time < 0.6) return 0.95; // the end of the extension, still moving
  return 0.8 + 0.02 * Math.sin(time * 40); // the hold: only a keypoint's jitter
});

describe('the held follow-through', () => {
  it('is shown inside the pose held, not at its first still sample', () => {
    const hold = heldFrom(t, h, 0.5)!;
    // The first 0.3 s stretch that stays still starts once the overshoot is over (0.6 s).
    expect(hold).toBeGreaterThan(0.6 + 0.1);
    expect(hold).toBeLessThan(0.6 + 0.2);
  });

  it('is not found where the hands come straight down', () => {
    const falling = t.map((time) => (time < 0.5 ? 0.3 + time : 0.8 - 2 * (time - 0.5)));
    expect(heldFrom(t, falling, 0.5)).toBeNull();
  });
});
