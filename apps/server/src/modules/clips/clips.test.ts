import type { ClipDetail, Playlist, PlaylistSummary } from '@filmroom/contract';
import { probeMedia } from '@filmroom/media';
import { randomUUID } from 'node:crypto';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { insertPlayableVideo } from '../../../test/clip-videos';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { eq } from 'drizzle-orm';
import { annotations, users, videoShares } from '../../db/schema';
import { videoKeys } from '../../storage';
import { clipRangeFor, playlistClipsFor } from '.';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** A coach with a playable 6 s video holding a moment note at 1 s and a range note 3–5 s. */
async function coachWithVideo() {
  const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
  const videoId = await insertPlayableVideo(ctx.runtime.deps, coach.user.id, { title: 'Squats' });
  const pin = { videoId, userId: coach.user.id, xPosition: 50, yPosition: 50 };
  const [early, range] = await ctx.database.db
    .insert(annotations)
    .values([
      { ...pin, timestamp: 1, content: 'Early note' },
      {
        ...pin,
        timestamp: 3,
        endTime: 5,
        content: 'Range note',
        drawing: {
          shapes: [
            {
              kind: 'line',
              colour: '#ffd60a',
              width: 'thin',
              from: { x: 1, y: 1 },
              to: { x: 9, y: 9 },
            },
          ],
        },
      },
    ])
    .returning();
  await ctx.database.db
    .insert(annotations)
    .values({ ...pin, timestamp: 3, parentId: range!.id, content: 'A reply' });
  const makeClip = (body: object, cookie = coach.cookie) =>
    call('POST', '/api/clips', cookie, { videoId, title: 'Bottom', ...body });
  return { coach, videoId, early: early!, range: range!, makeClip };
}

describe('clips', () => {
  it('makes a clip of a range and shows the notes inside it, read from the video', async () => {
    const { coach, videoId, makeClip } = await coachWithVideo();
    const made = await makeClip({ start: 2.5, end: 6.05 });
    expect(made.statusCode).toBe(201);
    const clip = made.json<ClipDetail>();
    // An end a hair past the video is its end.
    expect(clip).toMatchObject({ title: 'Bottom', start: 2.5, end: 6, videoId, mine: true });
    expect(clip.videoTitle).toBe('Squats');
    expect(clip.notes.map((note) => note.content)).toEqual(['Range note']);
    expect(clip.notes[0]!.drawing?.shapes).toHaveLength(1);
    expect(clip.notes[0]!.replies.map((reply) => reply.content)).toEqual(['A reply']);

    // Not copied: a note added afterwards inside the range shows in the clip too.
    await ctx.database.db.insert(annotations).values({
      videoId,
      userId: coach.user.id,
      timestamp: 4,
      xPosition: 1,
      yPosition: 1,
      content: 'Later note',
    });
    const again = await call('GET', `/api/clips/${clip.id}`, coach.cookie);
    expect(again.json<ClipDetail>().notes.map((note) => note.content)).toEqual([
      'Range note',
      'Later note',
    ]);
    // A range note overlapping the clip's start counts as inside it.
    const overlapping = await makeClip({ start: 4.5, end: 5.5 });
    expect(overlapping.json<ClipDetail>().notes.map((note) => note.content)).toEqual([
      'Range note',
    ]);
  });

  it('refuses ranges that are not ranges of the video, with a message', async () => {
    const { coach, makeClip } = await coachWithVideo();
    const cases: [object, number, RegExp][] = [
      [{ start: 3, end: 3 }, 400, /end must be after start/],
      [{ start: 4, end: 2 }, 400, /end must be after start/],
      [{ start: 1, end: 9 }, 400, /outside the video/],
      [{ start: -1, end: 2 }, 400, /start must be 0 seconds or more/],
      [{ start: 1, end: 2, title: '  ' }, 400, /Title is required/],
      [{ start: 'a', end: 2 }, 400, /start must be a number/],
    ];
    for (const [body, status, message] of cases) {
      const response = await makeClip(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const processing = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: null });
    const early = await call('POST', '/api/clips', coach.cookie, {
      videoId: processing,
      title: 'Too soon',
      start: 0,
      end: 1,
    });
    expect(early.statusCode).toBe(409);
    const unknown = await call('POST', '/api/clips', coach.cookie, {
      videoId: randomUUID(),
      title: 'Nowhere',
      start: 0,
      end: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/api/clips/${randomUUID()}`, coach.cookie)).json()).toEqual({
      message: 'Clip not found',
    });
  });

  it('lets a viewer clip a video for themselves, but not share its clips onward without edit access', async () => {
    // Finding 8 of issue 28: a view-only sharee clipped the video and shared a playlist of it
    // with anyone, and the owner's share list did not show it. View level means view.
    const { coach: carol, videoId, makeClip } = await coachWithVideo();
    const [bob, dave] = [
      await registerAccount(ctx.app, { name: 'Bob', isCoach: true }),
      await registerAccount(ctx.app, { name: 'Dave' }),
    ];
    await insertViewShare(ctx.database.db, videoId, carol, bob);
    const carolsShares = async () => {
      const listed = await call('GET', `/api/videos/${videoId}/shares`, carol.cookie);
      expect(listed.statusCode).toBe(200);
      return listed.json<unknown>();
    };
    const sharesBefore = await carolsShares();
    expect(JSON.stringify(sharesBefore)).toContain(bob.username);
    const clip = (
      await makeClip({ start: 1, end: 2, title: 'Bob’s' }, bob.cookie)
    ).json<ClipDetail>();
    expect(clip.mine).toBe(true);
    expect((await call('GET', `/api/clips/${clip.id}/media`, bob.cookie)).statusCode).toBe(200);
    const playlist = (
      await call('POST', '/api/playlists', bob.cookie, { title: 'Onward', clipIds: [clip.id] })
    ).json<Playlist>();
    const why =
      /^“Squats” is shared with you to view only: a playlist holding clips of it can be shared only by someone who may edit that video/;

    const byAddress = await call('POST', `/api/playlists/${playlist.id}/shares`, bob.cookie, {
      email: dave.username,
    });
    expect(byAddress.statusCode).toBe(403);
    expect(byAddress.json<{ message: string }>().message).toMatch(why);
    const team = (
      await call('POST', '/api/teams', bob.cookie, { name: 'Bob’s team', sport: 'Basketball' })
    ).json<{ id: string }>();
    const byTeam = await call('POST', `/api/playlists/${playlist.id}/team-shares`, bob.cookie, {
      teamId: team.id,
    });
    expect(byTeam.statusCode).toBe(403);
    expect(byTeam.json<{ message: string }>().message).toMatch(why);
    // Nobody new reaches the video through Bob: Dave sees nothing, Carol's list is as it was.
    expect((await call('GET', '/api/playlists', dave.cookie)).json<PlaylistSummary[]>()).toEqual(
      [],
    );
    expect((await call('GET', `/api/clips/${clip.id}/media`, dave.cookie)).statusCode).toBe(404);
    expect(await carolsShares()).toEqual(sharesBefore);

    // Nor by adding the clip to a playlist already shared.
    const ownVideo = await insertPlayableVideo(ctx.runtime.deps, bob.user.id);
    const own = (
      await call('POST', '/api/clips', bob.cookie, {
        videoId: ownVideo,
        title: 'Own',
        start: 0,
        end: 1,
      })
    ).json<ClipDetail>();
    const other = (
      await call('POST', '/api/playlists', bob.cookie, { title: 'Mine', clipIds: [own.id] })
    ).json<Playlist>();
    const sharedOwn = await call('POST', `/api/playlists/${other.id}/shares`, bob.cookie, {
      email: dave.username,
    });
    expect(sharedOwn.statusCode).toBe(201);
    const added = await call('POST', `/api/playlists/${other.id}/items`, bob.cookie, {
      clipId: clip.id,
    });
    expect(added.statusCode).toBe(403);
    expect(added.json<{ message: string }>().message).toMatch(why);

    // With edit access Bob may share it, as he might share the video itself.
    await ctx.database.db
      .update(videoShares)
      .set({ accessLevel: 'edit' })
      .where(eq(videoShares.videoId, videoId));
    const allowed = await call('POST', `/api/playlists/${playlist.id}/shares`, bob.cookie, {
      email: dave.username,
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('is its owner’s alone to list, change and delete', async () => {
    const { coach, videoId, makeClip } = await coachWithVideo();
    const viewer = await registerAccount(ctx.app);
    await insertViewShare(ctx.database.db, videoId, coach, viewer);
    const clip = (await makeClip({ start: 1, end: 2 })).json<ClipDetail>();
    // A viewer of the video may make clips of it too: their own.
    const theirs = await makeClip({ start: 0, end: 1, title: 'Mine' }, viewer.cookie);
    expect(theirs.statusCode).toBe(201);

    const listed = await call('GET', `/api/clips?videoId=${videoId}`, viewer.cookie);
    expect(listed.json<ClipDetail[]>().map((listedClip) => listedClip.title)).toEqual(['Mine']);
    expect((await call('GET', `/api/clips/${clip.id}`, viewer.cookie)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/clips/${clip.id}`, viewer.cookie, { title: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/clips/${clip.id}`, viewer.cookie)).statusCode).toBe(404);

    const renamed = await call('PATCH', `/api/clips/${clip.id}`, coach.cookie, {
      title: 'Renamed',
      end: 1,
    });
    expect(renamed.statusCode).toBe(400);
    const changed = await call('PATCH', `/api/clips/${clip.id}`, coach.cookie, {
      title: 'Renamed',
      end: 4,
    });
    expect(changed.json()).toMatchObject({ title: 'Renamed', start: 1, end: 4 });

    // When the viewer's share ends, so do their clips of the video.
    await ctx.database.db.delete(videoShares);
    expect((await call('GET', '/api/clips', viewer.cookie)).json()).toEqual([]);
    const viewersClip = theirs.json<ClipDetail>().id;
    expect((await call('GET', `/api/clips/${viewersClip}/media`, viewer.cookie)).statusCode).toBe(
      404,
    );

    expect((await call('DELETE', `/api/clips/${clip.id}`, coach.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/clips/${clip.id}`, coach.cookie)).statusCode).toBe(404);
  });

  it('serves the range alone as an MP4 cut by ffmpeg, kept for the next request', async () => {
    const { coach, videoId, makeClip } = await coachWithVideo();
    const clip = (await makeClip({ start: 1, end: 3 })).json<ClipDetail>();
    const media = await call('GET', clip.mediaUrl, coach.cookie);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    const folder = await mkdtemp(path.join(tmpdir(), 'clip-test-'));
    const file = path.join(folder, 'clip.mp4');
    await writeFile(file, media.rawPayload);
    const probe = await probeMedia(file);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.duration).toBeGreaterThan(1.8);
    expect(probe.duration).toBeLessThan(2.3);

    const kept = await ctx.runtime.deps.blobs.list(videoKeys.prefix(videoId));
    const cuts = kept.filter((key) => key.includes('/clips/'));
    expect(cuts).toHaveLength(1);
    // The cut is served through its clip's access check only, never as a file of the video.
    expect((await call('GET', `/uploads/${cuts[0]}`, coach.cookie)).statusCode).toBe(404);
    const ranged = await ctx.app.inject({
      url: clip.mediaUrl,
      headers: { cookie: coach.cookie, range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toHaveLength(100);
  });
});

/** A coach's playlist of two clips of a video, shared with a confirmed athlete. */
async function sharedPlaylist() {
  const setup = await coachWithVideo();
  const athlete = await registerAccount(ctx.app, { name: 'Athlete Ann' });
  const first = (await setup.makeClip({ start: 3, end: 5, title: 'Range' })).json<ClipDetail>();
  const second = (await setup.makeClip({ start: 0, end: 2, title: 'Start' })).json<ClipDetail>();
  const created = await call('POST', '/api/playlists', setup.coach.cookie, {
    title: 'Week 3',
    clipIds: [first.id, second.id],
  });
  expect(created.statusCode).toBe(201);
  const playlist = created.json<Playlist>();
  const share = await call('POST', `/api/playlists/${playlist.id}/shares`, setup.coach.cookie, {
    email: athlete.username,
  });
  expect(share.statusCode).toBe(201);
  return { ...setup, athlete, first, second, playlist };
}

describe('voice notes in a shared clip', () => {
  it("lets a playlist's viewer hear the voice notes inside a clip's range, and none outside it", async () => {
    const { coach, athlete, videoId, range, first, second } = await sharedPlaylist();
    const stranger = await registerAccount(ctx.app);
    const pin = { videoId, userId: coach.user.id, xPosition: 50, yPosition: 50, content: '' };
    const [inside, outside] = await ctx.database.db
      .insert(annotations)
      .values([
        { ...pin, timestamp: 4 },
        { ...pin, timestamp: 5.5 },
      ])
      .returning();
    const [reply] = await ctx.database.db
      .insert(annotations)
      .values({ ...pin, timestamp: 3, parentId: range.id })
      .returning();
    const recorded = Buffer.from('a voice note');
    const audioOf = (clipId: string, noteId: string) =>
      `/api/clips/${clipId}/notes/${noteId}/audio`;
    for (const note of [inside!, outside!, reply!]) {
      const key = videoKeys.annotationAudio(videoId, note.id, 'webm');
      await ctx.runtime.deps.blobs.write(key, Readable.from([recorded]), {
        contentType: 'audio/webm',
      });
      await ctx.database.db
        .update(annotations)
        .set({ audioKey: key })
        .where(eq(annotations.id, note.id));
    }

    // The first clip (3–5 s) lists its voice notes with addresses through the clip itself.
    const detail = (await call('GET', `/api/clips/${first.id}`, athlete.cookie)).json<ClipDetail>();
    const voiced = detail.notes.find((note) => note.id === inside!.id);
    expect(voiced?.audioUrl).toBe(audioOf(first.id, inside!.id));
    const answered = detail.notes.find((note) => note.id === range.id)!;
    expect(answered.replies.find((each) => each.id === reply!.id)?.audioUrl).toBe(
      audioOf(first.id, reply!.id),
    );
    const heard = await call('GET', voiced!.audioUrl!, athlete.cookie);
    expect(heard.statusCode).toBe(200);
    expect(heard.headers['content-type']).toBe('audio/webm');
    expect(heard.rawPayload.equals(recorded)).toBe(true);
    const replyAudio = answered.replies.find((each) => each.id === reply!.id)!.audioUrl!;
    expect((await call('GET', replyAudio, athlete.cookie)).statusCode).toBe(200);

    // Outside the clip's range, through another clip, or for a stranger: not found.
    expect((await call('GET', audioOf(first.id, outside!.id), athlete.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', audioOf(second.id, inside!.id), athlete.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', audioOf(first.id, inside!.id), stranger.cookie)).statusCode).toBe(
      404,
    );
    // Nor the video's own address for it: the athlete may not view the video.
    const direct = `/uploads/${videoKeys.annotationAudio(videoId, inside!.id, 'webm')}`;
    expect((await call('GET', direct, athlete.cookie)).statusCode).toBe(404);
    expect((await call('GET', audioOf(first.id, 'nope'), athlete.cookie)).statusCode).toBe(400);
  });
});

describe('playlists', () => {
  it('keeps its clips in playing order: add, remove and reorder', async () => {
    const { coach, playlist, first, second } = await sharedPlaylist();
    expect(playlist.items.map((item) => item.clip.title)).toEqual(['Range', 'Start']);
    expect(playlist).toMatchObject({ title: 'Week 3', clipCount: 2, totalSeconds: 4, mine: true });
    expect(playlist.items[0]!.clip.notes.map((note) => note.content)).toEqual(['Range note']);

    const order = (itemIds: string[]) =>
      call('PUT', `/api/playlists/${playlist.id}/order`, coach.cookie, { itemIds });
    const [a, b] = playlist.items.map((item) => item.id);
    const reordered = await order([b!, a!]);
    expect(reordered.json<Playlist>().items.map((item) => item.clip.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await order([b!])).json()).toEqual({
      message: 'itemIds must name every item of the playlist once',
    });
    expect((await order([b!, b!])).statusCode).toBe(400);
    expect((await order([b!, randomUUID()])).statusCode).toBe(400);

    const again = await call('POST', `/api/playlists/${playlist.id}/items`, coach.cookie, {
      clipId: first.id,
    });
    expect(again.statusCode).toBe(409);
    const removed = await call('DELETE', `/api/playlists/${playlist.id}/items/${a}`, coach.cookie);
    expect(removed.json<Playlist>().items.map((item) => item.clip.id)).toEqual([second.id]);
    const added = await call('POST', `/api/playlists/${playlist.id}/items`, coach.cookie, {
      clipId: first.id,
    });
    expect(added.json<Playlist>().items.map((item) => item.clip.id)).toEqual([second.id, first.id]);
  });

  it('gives the person it is shared with the clips’ ranges and nothing else of the video', async () => {
    const { videoId, athlete, playlist, first, coach } = await sharedPlaylist();
    const listed = await call('GET', '/api/playlists', athlete.cookie);
    expect(listed.json<PlaylistSummary[]>()).toEqual([
      expect.objectContaining({ id: playlist.id, mine: false, ownerName: 'Coach Carter' }),
    ]);
    const seen = await call('GET', `/api/playlists/${playlist.id}`, athlete.cookie);
    expect(seen.statusCode).toBe(200);
    const view = seen.json<Playlist>();
    expect(view.shares).toEqual([]);
    const clip = view.items[0]!.clip;
    expect(clip).toMatchObject({ id: first.id, videoId: null, videoTitle: null, mine: false });
    expect(clip.notes.map((note) => note.content)).toEqual(['Range note']);
    expect(JSON.stringify(view)).not.toContain(videoId);

    expect((await call('GET', clip.mediaUrl, athlete.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/clips/${clip.id}`, athlete.cookie)).statusCode).toBe(200);
    for (const url of [
      `/api/videos/${videoId}`,
      `/api/videos/${videoId}/annotations`,
      `/api/videos/${videoId}/poses`,
      `/uploads/${videoKeys.media(videoId)}`,
      `/uploads/${videoKeys.poster(videoId)}`,
    ]) {
      expect((await call('GET', url, athlete.cookie)).statusCode, url).toBe(404);
    }
    // The athlete cannot change the playlist or the clip, nor reach a clip outside it.
    expect(
      (await call('PATCH', `/api/playlists/${playlist.id}`, athlete.cookie, { title: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/clips/${clip.id}`, athlete.cookie, { title: 'Mine' })).statusCode,
    ).toBe(403);
    const outside = await call('POST', '/api/clips', coach.cookie, {
      videoId,
      title: 'Not shared',
      start: 0,
      end: 1,
    });
    const outsideId = outside.json<ClipDetail>().id;
    expect((await call('GET', `/api/clips/${outsideId}`, athlete.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/clips/${outsideId}/media`, athlete.cookie)).statusCode).toBe(
      404,
    );
    // Nor put the coach's clips in a playlist of their own.
    const theirs = await call('POST', '/api/playlists', athlete.cookie, {
      title: 'Stolen',
      clipIds: [clip.id],
    });
    expect(theirs.statusCode).toBe(404);

    // Unshared: everything is gone.
    const shareId = (
      await call('GET', `/api/playlists/${playlist.id}`, coach.cookie)
    ).json<Playlist>().shares[0]!.id;
    await call('DELETE', `/api/playlists/${playlist.id}/shares/${shareId}`, coach.cookie);
    expect((await call('GET', `/api/playlists/${playlist.id}`, athlete.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', clip.mediaUrl, athlete.cookie)).statusCode).toBe(404);
  });

  it('reaches an address only once it is confirmed', async () => {
    const { coach, playlist } = await sharedPlaylist();
    const unproven = await registerAccount(ctx.app, { confirmed: false });
    const share = await call('POST', `/api/playlists/${playlist.id}/shares`, coach.cookie, {
      email: unproven.username,
    });
    expect(share.json()).toMatchObject({ pending: true });
    expect((await call('GET', `/api/playlists/${playlist.id}`, unproven.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/playlists', unproven.cookie)).json()).toEqual([]);
    const self = await call('POST', `/api/playlists/${playlist.id}/shares`, coach.cookie, {
      email: coach.username,
    });
    expect(self.statusCode).toBe(400);
    const bad = await call('POST', `/api/playlists/${playlist.id}/shares`, coach.cookie, {
      email: 'nope',
    });
    expect(bad.json()).toEqual({ message: 'Please enter a valid email address' });
  });

  it('shows that a clip went when its video was deleted', async () => {
    const { coach, athlete, videoId, playlist } = await sharedPlaylist();
    const other = await insertPlayableVideo(ctx.runtime.deps, coach.user.id);
    const kept = await call('POST', '/api/clips', coach.cookie, {
      videoId: other,
      title: 'Other video',
      start: 0,
      end: 1,
    });
    await call('POST', `/api/playlists/${playlist.id}/items`, coach.cookie, {
      clipId: kept.json<ClipDetail>().id,
    });
    expect((await call('DELETE', `/api/videos/${videoId}`, coach.cookie)).statusCode).toBe(200);
    for (const who of [coach, athlete]) {
      const view = (
        await call('GET', `/api/playlists/${playlist.id}`, who.cookie)
      ).json<Playlist>();
      expect(view.items.map((item) => item.clip.title)).toEqual(['Other video']);
      expect(view.removedClips).toBe(2);
    }
    // A clip its owner deletes is simply gone: no removal to own up to.
    await call('DELETE', `/api/clips/${kept.json<ClipDetail>().id}`, coach.cookie);
    const view = (
      await call('GET', `/api/playlists/${playlist.id}`, coach.cookie)
    ).json<Playlist>();
    expect(view).toMatchObject({ items: [], removedClips: 2 });
  });

  it('belongs to its owner: strangers meet not found, bad input a message', async () => {
    const { playlist } = await sharedPlaylist();
    const stranger = await registerAccount(ctx.app);
    for (const [method, url, body] of [
      ['GET', `/api/playlists/${playlist.id}`],
      ['PATCH', `/api/playlists/${playlist.id}`, { title: 'X' }],
      ['DELETE', `/api/playlists/${playlist.id}`],
      ['PUT', `/api/playlists/${playlist.id}/order`, { itemIds: [] }],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, stranger.cookie, body)).statusCode, url).toBe(404);
    }
    const empty = await call('POST', '/api/playlists', stranger.cookie, { title: '' });
    expect(empty.json()).toEqual({ message: 'Title is required' });
    const notUuid = await call('GET', '/api/playlists/abc', stranger.cookie);
    expect(notUuid.json()).toEqual({ message: 'Playlist id must be a UUID' });
  });

  it('is heard changing by whoever may open it; a failed check is a fault, not a no', async () => {
    const { coach, athlete, playlist } = await sharedPlaylist();
    const stranger = await registerAccount(ctx.app);
    const rowOf = async (account: { user: { id: string } }) =>
      (await ctx.database.db.select().from(users).where(eq(users.id, account.user.id)))[0]!;
    const events = ctx.app.videoEvents;
    expect(await events.mayHearPlaylist(await rowOf(coach), playlist.id)).toBe(true);
    expect(await events.mayHearPlaylist(await rowOf(athlete), playlist.id)).toBe(true);
    expect(await events.mayHearPlaylist(await rowOf(stranger), playlist.id)).toBe(false);
    // The database refusing the question is no answer: the event stream logs it, never
    // passing it off as "may not hear".
    await expect(events.mayHearPlaylist(await rowOf(coach), 'not-a-uuid')).rejects.toThrow();
  });
});

describe('what an export reads', () => {
  it('gives a clip’s and a playlist’s ranges to those who may play them, and nobody else', async () => {
    const { coach, athlete, videoId, playlist, first, second } = await sharedPlaylist();
    const { db } = ctx.database;
    const stranger = await registerAccount(ctx.app);
    const userOf = async (account: { user: { id: string } }) =>
      (await db.select().from(users).where(eq(users.id, account.user.id)))[0]!;
    const range = { clipId: first.id, videoId, title: 'Range', start: 3, end: 5 };
    for (const who of [coach, athlete]) {
      expect(await clipRangeFor(db, await userOf(who), first.id)).toEqual(range);
      expect(await playlistClipsFor(db, await userOf(who), playlist.id)).toEqual([
        range,
        { clipId: second.id, videoId, title: 'Start', start: 0, end: 2 },
      ]);
    }
    await expect(clipRangeFor(db, await userOf(stranger), first.id)).rejects.toThrow(
      'Clip not found',
    );
    await expect(playlistClipsFor(db, await userOf(stranger), playlist.id)).rejects.toThrow(
      'Playlist not found',
    );
  });
});
