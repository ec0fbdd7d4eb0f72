import { describe, expect, it } from 'vitest';
import { resolveVideoUrl } from './video-url';

describe('resolveVideoUrl', () => {
  it('keeps addresses under /uploads/ as given', () => {
    expect(resolveVideoUrl('/uploads/videos/1/media.mp4')).toBe('/uploads/videos/1/media.mp4');
  });

  it('keeps http and https addresses as given', () => {
    expect(resolveVideoUrl('https://cdn.example.org/a.mp4')).toBe('https://cdn.example.org/a.mp4');
    expect(resolveVideoUrl('http://example.org/a.mp4')).toBe('http://example.org/a.mp4');
  });

  it('puts any other path under /uploads/ without its leading slashes', () => {
    expect(resolveVideoUrl('videos/1/media.mp4')).toBe('/uploads/videos/1/media.mp4');
    expect(resolveVideoUrl('///videos/1/media.mp4')).toBe('/uploads/videos/1/media.mp4');
    expect(resolveVideoUrl('/other/clip.mp4')).toBe('/uploads/other/clip.mp4');
  });
});
