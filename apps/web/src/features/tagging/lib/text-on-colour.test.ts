import { describe, expect, it } from 'vitest';
import { textOnColour } from './text-on-colour';

describe('text on a coach’s colour', () => {
  it('is dark on light colours and light on dark ones, whichever contrasts more', () => {
    // Yellow and near-white, and the mid-tones white falls under 4.5:1 on (orange, green,
    // blue, red): dark text.
    for (const colour of ['#ffc53d', '#F0F0F0', '#f76b15', '#30a46c', '#0090ff', '#e5484d']) {
      expect(textOnColour(colour), colour).toBe('dark');
    }
    // Purple, navy and black: light text.
    for (const colour of ['#8e4ec6', '#1e3a8a', '#000000']) {
      expect(textOnColour(colour), colour).toBe('light');
    }
  });

  it('takes anything that is not #rrggbb as dark, with light text as before', () => {
    expect(textOnColour('orange')).toBe('light');
    expect(textOnColour('#fc3')).toBe('light');
  });
});
