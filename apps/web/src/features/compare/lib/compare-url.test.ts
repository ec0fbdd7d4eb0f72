import { describe, expect, it } from 'vitest';
import { compareHref, formatCompareQuery, parseCompareQuery, parseMoment } from './compare-url';

const ID = '0b6c3f52-1f0e-4c1a-9a57-2d6f0c9c1e11';
const OTHER = '7d1e2a40-5b9c-4f3e-8a21-0c4b5d6e7f80';

describe('parseMoment', () => {
  it('reads a video and its moment', () => {
    expect(parseMoment(`${ID}@2.5`)).toEqual({
      kind: 'moment',
      moment: { videoId: ID, seconds: 2.5 },
    });
  });

  it('takes the start when the moment is left out, and ignores the id case', () => {
    expect(parseMoment(ID.toUpperCase())).toEqual({
      kind: 'moment',
      moment: { videoId: ID, seconds: 0 },
    });
  });

  it('is empty for a missing or blank side', () => {
    expect(parseMoment(null)).toEqual({ kind: 'empty' });
    expect(parseMoment('  ')).toEqual({ kind: 'empty' });
  });

  it.each([
    ['not-a-video@1', 'This link names no video.'],
    ['@1', 'This link names no video.'],
    [`${ID}@`, 'This link names no moment of the video.'],
    [`${ID}@-1`, 'This link names no moment of the video.'],
    [`${ID}@abc`, 'This link names no moment of the video.'],
    [`${ID}@Infinity`, 'This link names no moment of the video.'],
    [`${ID}@1e9`, 'This link names no moment of the video.'],
  ])('says what is wrong with %s', (value, message) => {
    expect(parseMoment(value)).toEqual({ kind: 'invalid', message });
  });
});

describe('the compare query string', () => {
  it('round-trips both sides and the overlay', () => {
    const query = formatCompareQuery({
      a: { videoId: ID, seconds: 1.23456 },
      b: { videoId: OTHER, seconds: 4 },
      overlay: true,
    });
    expect(query).toBe(`?a=${ID}@1.235&b=${OTHER}@4&overlay=1`);
    expect(parseCompareQuery(query)).toEqual({
      a: { kind: 'moment', moment: { videoId: ID, seconds: 1.235 } },
      b: { kind: 'moment', moment: { videoId: OTHER, seconds: 4 } },
      overlay: true,
    });
  });

  it('leaves out a side not picked yet', () => {
    expect(compareHref({ videoId: ID, seconds: 0.5 })).toBe(`/compare?a=${ID}@0.5`);
    expect(parseCompareQuery(`?a=${ID}@0.5`).b).toEqual({ kind: 'empty' });
  });

  it('has no overlay unless asked', () => {
    expect(parseCompareQuery(`?a=${ID}&overlay=yes`).overlay).toBe(false);
  });
});
