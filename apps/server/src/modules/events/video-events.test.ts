import type { VideoEvent } from '@filmroom/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { VideoEvents } from './video-events';

const ctx = useTestApp({}, { work: true });
let origin: string;

beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => ctx.app.close());

type Heard = { type: string; data: { id: string } };

/** Reads `video` events from the real stream until `done` says enough. */
async function collectEvents(
  cookie: string,
  done: (events: VideoEvent[]) => boolean,
  timeoutMs = 60_000,
) {
  const videos = (heard: Heard[]) =>
    heard.filter((event) => event.type === 'video').map((event) => event.data as VideoEvent);
  const stream = await collectAll(cookie, (heard) => done(videos(heard)), timeoutMs);
  return { events: stream.events.then(videos) };
}

/** Reads events of every type from the real stream until `done` says enough. */
async function collectAll(cookie: string, done: (events: Heard[]) => boolean, timeoutMs = 60_000) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const response = await fetch(`${origin}/api/events`, {
    headers: { cookie },
    signal: abort.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Heard[] = [];
  const ready = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: (\w+)\ndata: (.*)$/m.exec(message);
          if (data) events.push({ type: data[1]!, data: JSON.parse(data[2]!) as Heard['data'] });
          if (done(events)) return events;
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
    return events;
  })();
  return {
    events: ready.finally(() => {
      clearTimeout(timer);
      abort.abort();
    }),
  };
}

describe('GET /api/events', () => {
  it("pushes a video's progress to its owner until it is ready, and nothing to others", async () => {
    const owner = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const ownerStream = await collectEvents(owner.cookie, (events) =>
      events.some((event) => event.status === 'ready'),
    );
    const markerId = randomUUID();
    const sawMarker = (heard: Heard[]) =>
      heard.some((event) => event.type === 'export' && event.data.id === markerId);
    const strangerStream = await collectAll(stranger.cookie, sawMarker);
    // Give both streams a moment to subscribe before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const video = await uploadVideo(ctx.app, owner.cookie);
    const events = (await ownerStream.events).filter((event) => event.id === video.id);
    // Sent after the owner heard "ready", on the same channel: once the stranger hears it, every
    // event about the video would have reached them before it (no waiting out a timeout).
    await VideoEvents.publishExport(ctx.database.pool, stranger.user.id, {
      id: markerId,
      status: 'rendering',
      progress: 0,
      failureReason: null,
    });
    expect(events[0]).toMatchObject({ status: 'processing', progress: 0 });
    expect(events.at(-1)).toEqual({
      id: video.id,
      status: 'ready',
      progress: 100,
      failureReason: null,
    });
    const progress = events.map((event) => event.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const strangerHeard = await strangerStream.events;
    expect(sawMarker(strangerHeard)).toBe(true);
    expect(strangerHeard.filter((event) => event.data.id === video.id)).toEqual([]);
  });

  it("tells only whoever asked for an export of its progress, not the video's other viewers", async () => {
    const [owner, viewer] = await Promise.all([registerAccount(ctx.app), registerAccount(ctx.app)]);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    await insertViewShare(ctx.database.db, videoId, owner, viewer);
    const exportId = randomUUID();
    const ownerStream = await collectAll(owner.cookie, (heard) =>
      heard.some((event) => event.type === 'export'),
    );
    const sawMarker = (heard: Heard[]) =>
      heard.some((event) => event.type === 'annotations' && event.data.id === videoId);
    const viewerStream = await collectAll(viewer.cookie, sawMarker);
    // A stream subscribes before its headers go out: both hear everything sent from here on.
    await VideoEvents.publishExport(ctx.database.pool, owner.user.id, {
      id: exportId,
      status: 'rendering',
      progress: 40,
      failureReason: null,
    });
    // Events reach a stream in the order they were sent: this one comes after the export's.
    await VideoEvents.publishAnnotationsChanged(ctx.database.pool, videoId);
    const [ownerHeard, viewerHeard] = await Promise.all([ownerStream.events, viewerStream.events]);
    expect(ownerHeard.find((event) => event.type === 'export')?.data).toEqual({
      id: exportId,
      status: 'rendering',
      progress: 40,
      failureReason: null,
    });
    expect(sawMarker(viewerHeard)).toBe(true);
    expect(viewerHeard.filter((event) => event.type === 'export')).toEqual([]);
  });

  it("tells a playlist's owner and those it is shared with that it changed, and nobody else", async () => {
    const [owner, sharee, stranger] = await Promise.all([
      registerAccount(ctx.app, { confirmed: true }),
      registerAccount(ctx.app, { confirmed: true }),
      registerAccount(ctx.app, { confirmed: true }),
    ]);
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: { cookie: owner.cookie } });
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const clip = await call('POST', '/api/clips', { videoId, title: 'Bottom', start: 1, end: 2 });
    const playlist = await call('POST', '/api/playlists', {
      title: 'Week 3',
      clipIds: [clip.json<{ id: string }>().id],
    });
    const playlistId = playlist.json<{ id: string }>().id;
    expect(
      (await call('POST', `/api/playlists/${playlistId}/shares`, { email: sharee.user.username }))
        .statusCode,
    ).toBe(201);

    const heardTwice = (heard: Heard[]) =>
      heard.filter((event) => event.type === 'playlist').length >= 2;
    const ownerStream = await collectAll(owner.cookie, heardTwice);
    const shareeStream = await collectAll(sharee.cookie, heardTwice);
    const strangerStream = await collectAll(stranger.cookie, (heard) =>
      heard.some((event) => event.type === 'notifications'),
    );
    expect(
      (await call('PATCH', `/api/playlists/${playlistId}`, { title: 'Week 4' })).statusCode,
    ).toBe(200);
    // Deleting the source video takes the clip out of the playlist: that is a change too.
    expect((await call('DELETE', `/api/videos/${videoId}`)).statusCode).toBe(200);
    // Events reach a stream in the order they were sent: this one comes after the playlist's.
    await VideoEvents.publishNotificationsChanged(ctx.database.pool, stranger.user.id, 0);

    const [ownerHeard, shareeHeard, strangerHeard] = await Promise.all([
      ownerStream.events,
      shareeStream.events,
      strangerStream.events,
    ]);
    for (const heard of [ownerHeard, shareeHeard]) {
      expect(heard.filter((event) => event.type === 'playlist').map((event) => event.data)).toEqual(
        [{ id: playlistId }, { id: playlistId }],
      );
    }
    expect(strangerHeard.some((event) => event.type === 'notifications')).toBe(true);
    expect(strangerHeard.filter((event) => event.type === 'playlist')).toEqual([]);
  });

  it('tells those who have a playlist open of each change to it or its clips, and those who lose it', async () => {
    const [owner, sharee, second] = await Promise.all([
      registerAccount(ctx.app, { confirmed: true }),
      registerAccount(ctx.app, { confirmed: true }),
      registerAccount(ctx.app, { confirmed: true }),
    ]);
    const call = async (
      method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      body?: object,
    ) => {
      const response = await ctx.app.inject({
        method,
        url,
        payload: body,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json<{ id: string; items: { id: string }[] }>();
    };
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const first = await call('POST', '/api/clips', { videoId, title: 'A', start: 1, end: 2 });
    const other = await call('POST', '/api/clips', { videoId, title: 'B', start: 2, end: 3 });
    const { id } = await call('POST', '/api/playlists', { title: 'Week 5', clipIds: [first.id] });
    await call('POST', `/api/playlists/${id}/shares`, { email: sharee.user.username });

    const CHANGES = 7;
    const playlistEvents = (heard: Heard[]) => heard.filter((event) => event.type === 'playlist');
    const ownerStream = await collectAll(
      owner.cookie,
      (heard) => playlistEvents(heard).length >= CHANGES,
    );
    const lost = (heard: Heard[]) => heard.some((event) => event.type === 'access');
    const shareeStream = await collectAll(sharee.cookie, lost);
    await call('PATCH', `/api/playlists/${id}`, { title: 'Week 6' });
    const added = await call('POST', `/api/playlists/${id}/items`, { clipId: other.id });
    const itemIds = added.items.map((item) => item.id);
    await call('PUT', `/api/playlists/${id}/order`, { itemIds: [...itemIds].reverse() });
    await call('DELETE', `/api/playlists/${id}/items/${itemIds[1]!}`);
    await call('PATCH', `/api/clips/${first.id}`, { title: 'A, renamed' });
    await call('POST', `/api/playlists/${id}/shares`, { email: second.user.username });
    const secondStream = await collectAll(second.cookie, lost);
    await call('DELETE', `/api/clips/${first.id}`);
    const shares = await ctx.app.inject({
      url: `/api/playlists/${id}`,
      headers: { cookie: owner.cookie },
    });
    const { shares: listed } = shares.json<{ shares: { id: string; sharedWithEmail: string }[] }>();
    const shareeShare = listed.find((share) => share.sharedWithEmail === sharee.user.username)!;
    await call('DELETE', `/api/playlists/${id}/shares/${shareeShare.id}`);
    await call('DELETE', `/api/playlists/${id}`);

    const ownerHeard = playlistEvents(await ownerStream.events);
    expect(ownerHeard.map((event) => event.data)).toEqual(Array(CHANGES).fill({ id }));
    const shareeHeard = await shareeStream.events;
    expect(playlistEvents(shareeHeard)).toHaveLength(CHANGES);
    expect(lost(shareeHeard), 'the unshared address hears it lost the playlist').toBe(true);
    expect(lost(await secondStream.events), 'a deleted playlist is lost to its sharees').toBe(true);
  });

  it('refuses a signed-out listener with 401', async () => {
    const response = await fetch(`${origin}/api/events`);
    expect(response.status).toBe(401);
  });
});
