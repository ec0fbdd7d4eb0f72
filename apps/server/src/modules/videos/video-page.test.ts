import type { Video, VideoPage } from '@filmroom/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { videoShares, videos } from '../../db/schema';
import { encodeVideoCursor } from './video-cursor';

/**
 * GET /api/videos?q=&cursor=&limit=: the same list as the plain call, a page at a time and
 * optionally only the titles that match, for libraries of any size.
 */
const ctx = useTestApp();

function get(cookie: string, query: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/videos', query, headers: { cookie } });
}

async function page(cookie: string, query: Record<string, string>): Promise<VideoPage> {
  const response = await get(cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VideoPage>();
}

/** Every page from the first, following nextCursor, as the infinite grid does. */
async function allPages(cookie: string, query: Record<string, string>) {
  const pages: VideoPage[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(cookie, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null);
  return pages;
}

const titles = (list: Video[]) => list.map((video) => video.title);

async function coach() {
  return registerAccount(ctx.app, { isCoach: true });
}

/** Videos whose creation times are all one instant: only the id can order them. */
async function insertAtOneInstant(ownerId: string, count: number, title = 'Same moment') {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    ids.push(await insertReadyVideo(ctx.runtime.deps, ownerId, { title: `${title} ${index}` }));
  }
  await ctx.database.db
    .update(videos)
    .set({ createdAt: sql`'2026-03-01T10:00:00.123456Z'::timestamptz` })
    .where(eq(videos.ownerId, ownerId));
  return ids;
}

async function share(
  videoId: string,
  owner: { user: { id: string } },
  to: string,
  level: 'view' | 'edit',
) {
  await ctx.database.db.insert(videoShares).values({
    videoId,
    sharedWithEmail: to,
    accessLevel: level,
    sharedById: owner.user.id,
  });
}

describe('GET /api/videos, a page at a time', () => {
  it('walks the whole list in the plain call’s order, each video once', async () => {
    const owner = await coach();
    for (let index = 1; index <= 7; index++) {
      await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: `Clip ${index}` });
    }
    const everything = (
      await ctx.app.inject({ method: 'GET', url: '/api/videos', headers: { cookie: owner.cookie } })
    ).json<Video[]>();
    expect(everything).toHaveLength(7);

    const pages = await allPages(owner.cookie, { limit: '3' });
    expect(pages.map((each) => each.videos.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((each) => each.videos)).toEqual(everything);
  });

  it('orders videos made in the same microsecond by id, with no gap or repeat across pages', async () => {
    const owner = await coach();
    const ids = await insertAtOneInstant(owner.user.id, 5);
    const pages = await allPages(owner.cookie, { limit: '2' });
    const listed = pages.flatMap((each) => each.videos.map((video) => video.id));
    expect(listed).toEqual([...ids].sort().reverse());
  });

  it('neither repeats nor skips a video when others are uploaded or removed between pages', async () => {
    const owner = await coach();
    for (let index = 1; index <= 4; index++) {
      await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: `Old ${index}` });
    }
    const first = await page(owner.cookie, { limit: '2' });
    expect(titles(first.videos)).toEqual(['Old 4', 'Old 3']);

    // Uploaded after the first page was read: newer, so before the cursor; the grid finds them
    // when it is next loaded from the top.
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'New 1' });
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'New 2' });
    // The video the cursor points at goes: the next page still starts right after its place.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${first.videos[1]!.id}`,
      headers: { cookie: owner.cookie },
    });

    const second = await page(owner.cookie, { limit: '2', cursor: first.nextCursor! });
    expect(titles(second.videos)).toEqual(['Old 2', 'Old 1']);
    expect(second.nextCursor).toBeNull();
  });

  it('gives 24 videos when no limit is asked for, and says there is no next page on the last', async () => {
    const owner = await coach();
    for (let index = 0; index < 25; index++) {
      await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: `Clip ${index}` });
    }
    const first = await page(owner.cookie, { q: '' });
    expect(first.videos).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const last = await page(owner.cookie, { cursor: first.nextCursor! });
    expect(last.videos).toHaveLength(1);
    expect(last.nextCursor).toBeNull();

    // Exactly a page: no next cursor that would lead to an empty page.
    const exact = await page(owner.cookie, { limit: '25' });
    expect(exact.videos).toHaveLength(25);
    expect(exact.nextCursor).toBeNull();
  });

  it('answers a new library with an empty page', async () => {
    const owner = await coach();
    expect(await page(owner.cookie, { limit: '10' })).toEqual({ videos: [], nextCursor: null });
  });
});

describe('GET /api/videos, searched', () => {
  it('matches any part of the title in any case, and pages through the matches', async () => {
    const owner = await coach();
    for (const title of [
      'Free throws',
      'Sprint starts',
      'FREE kick',
      'Carefree warm-up',
      'Match',
    ]) {
      await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title });
    }
    const pages = await allPages(owner.cookie, { q: 'free', limit: '2' });
    expect(pages.flatMap((each) => titles(each.videos))).toEqual([
      'Carefree warm-up',
      'FREE kick',
      'Free throws',
    ]);
    expect(titles((await page(owner.cookie, { q: '  SPRINT  ' })).videos)).toEqual([
      'Sprint starts',
    ]);
    expect((await page(owner.cookie, { q: 'volleyball' })).videos).toEqual([]);
  });

  it('matches %, _ and \\ as the characters they are, not as patterns', async () => {
    const owner = await coach();
    for (const title of ['100% effort', '100 reps', 'snake_case drill', 'snakes drill', 'a\\b']) {
      await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title });
    }
    expect(titles((await page(owner.cookie, { q: '100%' })).videos)).toEqual(['100% effort']);
    expect(titles((await page(owner.cookie, { q: 'snake_' })).videos)).toEqual([
      'snake_case drill',
    ]);
    expect(titles((await page(owner.cookie, { q: '\\' })).videos)).toEqual(['a\\b']);
  });

  it('matches letters beyond ASCII in any case', async () => {
    const owner = await coach();
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'Élan vital' });
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'Über-Schuss' });
    expect(titles((await page(owner.cookie, { q: 'über' })).videos)).toEqual(['Über-Schuss']);
  });
});

describe('GET /api/videos pages, who sees what', () => {
  it('includes videos shared with the user, newest first among their own, and no one else’s', async () => {
    const owner = await coach();
    const athlete = await registerAccount(ctx.app);
    const stranger = await coach();
    const sharedMatch = await insertReadyVideo(ctx.runtime.deps, owner.user.id, {
      title: 'Match film',
    });
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'Match, not shared' });
    await insertReadyVideo(ctx.runtime.deps, athlete.user.id, { title: 'My match' });
    await insertReadyVideo(ctx.runtime.deps, stranger.user.id, { title: 'Stranger match' });
    await share(sharedMatch, owner, athlete.username, 'edit');

    const pages = await allPages(athlete.cookie, { limit: '1' });
    const listed = pages.flatMap((each) => each.videos);
    expect(listed.map((video) => [video.title, video.isShared, video.accessLevel])).toEqual([
      ['My match', false, null],
      ['Match film', true, 'edit'],
    ]);
    expect(listed[1]!.sharedBy).toEqual({ name: owner.name, username: owner.username });

    const searched = await page(athlete.cookie, { q: 'MATCH' });
    expect(titles(searched.videos)).toEqual(['My match', 'Match film']);
    const strangers = await page(stranger.cookie, { q: 'match' });
    expect(titles(strangers.videos)).toEqual(['Stranger match']);
  });

  it('leaves out what was shared to an address its holder has not confirmed', async () => {
    const owner = await coach();
    const unconfirmed = await registerAccount(ctx.app, { confirmed: false });
    const video = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'Sent' });
    await share(video, owner, unconfirmed.username, 'view');
    expect((await page(unconfirmed.cookie, { limit: '5' })).videos).toEqual([]);
  });

  it('asks who is asking: no session, no list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/videos?limit=5' });
    expect(response.statusCode).toBe(401);
  });

  it('a cursor made from another user’s video shows none of that user’s videos', async () => {
    const owner = await coach();
    const other = await coach();
    const theirs = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'Theirs' });
    const mine = await insertReadyVideo(ctx.runtime.deps, other.user.id, { title: 'Mine' });
    await ctx.database.db
      .update(videos)
      .set({ createdAt: sql`'2026-01-01T00:00:00.000000Z'::timestamptz` })
      .where(eq(videos.id, mine));
    const cursor = encodeVideoCursor({ createdAt: '2099-01-01T00:00:00.000000Z', id: theirs });
    expect(titles((await page(other.cookie, { cursor })).videos)).toEqual(['Mine']);
  });
});

describe('GET /api/videos, bad pages asked for', () => {
  it.each([
    ['0', 'limit must be a whole number from 1 to 100'],
    ['101', 'limit must be a whole number from 1 to 100'],
    ['-1', 'limit must be a whole number from 1 to 100'],
    ['2.5', 'limit must be a whole number from 1 to 100'],
    ['ten', 'limit must be a whole number from 1 to 100'],
    ['', 'limit must be a whole number from 1 to 100'],
  ])('refuses limit=%j with 400 naming it', async (limit, message) => {
    const owner = await coach();
    const response = await get(owner.cookie, { limit });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes limit 1 and 100, the bounds', async () => {
    const owner = await coach();
    await insertReadyVideo(ctx.runtime.deps, owner.user.id, { title: 'One' });
    expect((await get(owner.cookie, { limit: '1' })).statusCode).toBe(200);
    expect((await get(owner.cookie, { limit: '100' })).statusCode).toBe(200);
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['garbage', Buffer.from('hello').toString('base64url')],
    ['no id', Buffer.from('2026-03-01T10:00:00.123456Z/').toString('base64url')],
    [
      'a day no calendar has',
      Buffer.from('2026-02-30T10:00:00.123456Z/0b7f1a2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b').toString(
        'base64url',
      ),
    ],
    [
      'milliseconds only',
      Buffer.from('2026-03-01T10:00:00.123Z/0b7f1a2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b').toString(
        'base64url',
      ),
    ],
    ['too long', 'a'.repeat(201)],
  ])('refuses a cursor that is %s with 400', async (_what, cursor) => {
    const owner = await coach();
    const response = await get(owner.cookie, { cursor });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^cursor is not one this list/);
  });

  it('refuses a search longer than a title could be, and two searches at once', async () => {
    const owner = await coach();
    const long = await get(owner.cookie, { q: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'q must be at most 200 characters' });
    const twice = await ctx.app.inject({
      method: 'GET',
      url: '/api/videos?q=a&q=b',
      headers: { cookie: owner.cookie },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'q must be one piece of text' });
  });
});

describe('GET /api/videos in the OpenAPI document', () => {
  it('lists q, cursor and limit and both answers: the whole list and a page', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/videos'].get;
    expect(
      operation.parameters.map((parameter: { name: string; in: string }) => [
        parameter.name,
        parameter.in,
      ]),
    ).toEqual([
      ['q', 'query'],
      ['cursor', 'query'],
      ['limit', 'query'],
      ['teamId', 'query'],
    ]);
    expect(operation.responses['200'].content['application/json'].schema.anyOf).toEqual([
      { $ref: '#/components/schemas/VideoList' },
      { $ref: '#/components/schemas/VideoPage' },
    ]);
    expect(document.components.schemas.VideoPage.required).toEqual(['videos', 'nextCursor']);
  });
});
