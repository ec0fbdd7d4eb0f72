import { describe, expect, it } from 'vitest';
import { fieldsChangedSince } from './upload-fields';

describe('the fields a resumed upload sends after it', () => {
  const sent = { title: 'Squats', description: '', movement: 'auto', filename: 'squats.mp4' };

  it('sends nothing when the form still says what the first try sent', () => {
    expect(fieldsChangedSince(sent, { title: 'Squats', description: '', movement: 'auto' })).toBe(
      null,
    );
  });

  it('sends only what changed', () => {
    expect(
      fieldsChangedSince(sent, { title: 'Front squats', description: 'Set 2', movement: 'auto' }),
    ).toEqual({ title: 'Front squats', description: 'Set 2' });
    expect(
      fieldsChangedSince(sent, { title: 'Squats', description: '', movement: 'squat' }),
    ).toEqual({ movement: 'squat' });
  });

  it('reads metadata missing a field as the upload default', () => {
    expect(
      fieldsChangedSince(
        { title: 'Squats' },
        { title: 'Squats', description: '', movement: 'auto' },
      ),
    ).toBe(null);
  });
});
