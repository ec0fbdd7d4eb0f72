import { describe, expect, it } from 'vitest';
import { isImageFile } from './photo-file';

describe('isImageFile', () => {
  it('takes images', () => {
    expect(isImageFile({ type: 'image/jpeg' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
  });

  it('leaves a file of unknown type to the server', () => {
    expect(isImageFile({ type: '' })).toBe(true);
  });

  it('refuses what the browser knows is not an image', () => {
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: 'video/mp4' })).toBe(false);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
  });
});
