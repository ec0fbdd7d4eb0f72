import { describe, expect, it } from 'vitest';
import type { Athlete } from './athlete';
import { pacedFactor } from './pace';

/** An athlete whose only property read is the clock it is on (real seconds per clip second). */
const onClock = (factor: number) => ({ moments: [{ t: factor }] }) as unknown as Athlete;

/** A movement whose phase takes 2 s on the clip, and 0.4 s in life. */
const phase = {
  slowness: (athlete: Athlete) => 2 / athlete.moments[0]!.t / 0.4,
};

describe('the playback factor from a movement’s own pace', () => {
  it('places the clip within the fitting range by how much slower than life the phase is', () => {
    expect(pacedFactor(phase, onClock, { low: 2, high: 8 })).toBeCloseTo(5);
  });

  it('stays within the factors recognition found fitting', () => {
    expect(pacedFactor(phase, onClock, { low: 2, high: 4 })).toBe(4);
    expect(pacedFactor(phase, onClock, { low: 5.5, high: 8 })).toBe(5.5);
  });

  it('leaves the factor to the fit where the phase was not seen or the module has no pace', () => {
    expect(
      pacedFactor({ slowness: () => undefined }, onClock, { low: 2, high: 8 }),
    ).toBeUndefined();
    expect(pacedFactor({}, onClock, { low: 2, high: 8 })).toBeUndefined();
  });
});
