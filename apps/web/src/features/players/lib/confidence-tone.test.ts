import { describe, expect, it } from 'vitest';
import { confidenceTone } from './confidence-tone';

describe('confidenceTone', () => {
  it.each([
    [0.995, 'high'],
    [0.8, 'high'],
    [0.795, 'high'],
    [0.79, 'warning'],
    [0.6, 'warning'],
    [0.59, 'low'],
    [0, 'low'],
  ] as const)('%s is %s', (confidence, tone) => {
    expect(confidenceTone(confidence)).toBe(tone);
  });
});
