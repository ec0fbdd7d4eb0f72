import { describe, expect, it } from 'vitest';
import {
  asksForVideoPage,
  VIDEO_PAGE_MAX_LIMIT,
  videoListQuerySchema,
  videoPageSchema,
} from './videos';

describe('videoListQuerySchema', () => {
  it('reads limit from the query string as a number within its bounds', () => {
    expect(videoListQuerySchema.parse({ limit: '1' })).toEqual({ limit: 1 });
    expect(videoListQuerySchema.parse({ limit: String(VIDEO_PAGE_MAX_LIMIT) })).toEqual({
      limit: VIDEO_PAGE_MAX_LIMIT,
    });
    expect(videoListQuerySchema.parse({ q: 'Free', cursor: 'abc_-9' })).toEqual({
      q: 'Free',
      cursor: 'abc_-9',
    });
  });

  it.each(['0', '101', '007x', '1e2', ' 5', '-3', ''])(
    'refuses limit %j, naming the field and its bounds',
    (limit) => {
      const result = videoListQuerySchema.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 100');
    },
  );

  it('refuses a cursor with characters no cursor has, and an over-long search', () => {
    expect(videoListQuerySchema.safeParse({ cursor: 'a+b/c=' }).error?.issues[0]?.message).toBe(
      'cursor is not one this list gave out',
    );
    expect(videoListQuerySchema.safeParse({ q: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'q must be at most 200 characters',
    );
  });
});

describe('asksForVideoPage', () => {
  it('is a page as soon as any of q, cursor and limit is there, even empty', () => {
    expect(asksForVideoPage({})).toBe(false);
    expect(asksForVideoPage({ q: '' })).toBe(true);
    expect(asksForVideoPage({ cursor: 'x' })).toBe(true);
    expect(asksForVideoPage({ limit: 5 })).toBe(true);
  });
});

describe('videoPageSchema', () => {
  it('needs nextCursor, null on the last page', () => {
    expect(videoPageSchema.safeParse({ videos: [] }).success).toBe(false);
    expect(videoPageSchema.parse({ videos: [], nextCursor: null })).toEqual({
      videos: [],
      nextCursor: null,
    });
  });
});
