import type { Video } from '@filmroom/contract';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { videoShares } from '../../db/schema';

/**
 * GET /api/videos keeps an unchanged list ready to send and lets browsers revalidate theirs:
 * whatever changes, a change anywhere shows at once.
 */
const ctx = useTestApp();

const list = (cookie: string, etag?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/videos',
    headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
  });

async function coachWithVideos(titles: string[]) {
  const coach = await registerAccount(ctx.app, { isCoach: true });
  for (const title of titles) await insertReadyVideo(ctx.runtime.deps, coach.user.id, { title });
  return coach;
}

describe('GET /api/videos, revalidated and kept', () => {
  it('answers 304 with no body while the list is unchanged, and the new list once it changes', async () => {
    const coach = await coachWithVideos(['First', 'Second']);
    const first = await list(coach.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(first.json<Video[]>().map((video) => video.title)).toEqual(['Second', 'First']);

    const unchanged = await list(coach.cookie, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const [newest] = first.json<Video[]>();
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/videos/${newest!.id}`,
      headers: { cookie: coach.cookie },
      payload: { title: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    const changed = await list(coach.cookie, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Video[]>().map((video) => video.title)).toEqual(['Renamed', 'First']);
  });

  it('shows a share as soon as it is made, its level change, and the sharer’s new name', async () => {
    const owner = await coachWithVideos(['Match']);
    const athlete = await coachWithVideos(['Own clip']);
    expect((await list(athlete.cookie)).json<Video[]>()).toHaveLength(1);

    const [match] = (await list(owner.cookie)).json<Video[]>();
    await ctx.database.db.insert(videoShares).values({
      videoId: match!.id,
      sharedWithEmail: athlete.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });
    const shared = (await list(athlete.cookie)).json<Video[]>();
    // Newest first across own and shared videos: the own clip was made after the match.
    expect(shared.map((video) => [video.title, video.accessLevel])).toEqual([
      ['Own clip', null],
      ['Match', 'view'],
    ]);

    await ctx.database.db.update(videoShares).set({ accessLevel: 'edit' });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: owner.cookie },
      payload: { name: 'Coach Renamed' },
    });
    const after = (await list(athlete.cookie)).json<Video[]>();
    expect(after[1]).toMatchObject({
      accessLevel: 'edit',
      sharedBy: { name: 'Coach Renamed', username: owner.username },
    });
  });

  it('sends the list gzipped to a browser that accepts it', async () => {
    const coach = await coachWithVideos(['Match']);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/videos',
      headers: { cookie: coach.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    const videos = JSON.parse(gunzipSync(response.rawPayload).toString()) as Video[];
    expect(videos.map((video) => video.title)).toEqual(['Match']);
  });

  it('never hands one user’s list to another, even when both are empty', async () => {
    const one = await coachWithVideos(['Only mine']);
    const other = await coachWithVideos([]);
    const etag = String((await list(one.cookie)).headers.etag);
    const response = await list(other.cookie, etag);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);

    // Two people whose lists are alike (both empty) still have ETags of their own: a browser
    // one of them used keeps nothing the other could be given.
    const third = await coachWithVideos([]);
    expect((await list(third.cookie)).headers.etag).not.toBe(response.headers.etag);
  });
});
