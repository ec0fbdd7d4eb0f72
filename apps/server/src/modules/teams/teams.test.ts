import type {
  NotificationList,
  Playlist,
  Team,
  TeamShare,
  Video,
  VideoPage,
} from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { insertPlayableVideo } from '../../../test/clip-videos';
import { addAcceptedStudent } from '../../../test/roster';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { analyses, mailOutbox, videoShares } from '../../db/schema';
import { videoKeys } from '../../storage';
import { listTeamMemberIds } from '../access';

const ctx = useTestApp();

let origin: string;
beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

/**
 * Opens the event stream as a page would (subscribed once its headers arrive); `access` is
 * the first `access` event it carries.
 */
async function listen(cookie: string, heard: RegExp = /event: access\ndata: \{\}\n\n/) {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/events`, {
    headers: { cookie },
    signal: abort.signal,
  });
  const access = (async () => {
    let buffer = '';
    for await (const chunk of response.body!) {
      buffer += Buffer.from(chunk as Uint8Array).toString();
      if (heard.test(buffer)) return true;
    }
    return false;
  })();
  return { access: access.finally(() => abort.abort()) };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

/** A coach with three athletes who accepted, one invitee who did not, and a team of theirs. */
async function squad() {
  const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
  const athletes = await Promise.all(
    ['Ana', 'Ben', 'Cai'].map((name) => registerAccount(ctx.app, { name })),
  );
  for (const athlete of athletes) await addAcceptedStudent(ctx.app, coach, athlete);
  const invitee = await registerAccount(ctx.app, { name: 'Ivy' });
  await call('POST', '/api/coach/students', coach.cookie, { email: invitee.username });
  const otherCoach = await registerAccount(ctx.app, { name: 'Other Coach', isCoach: true });
  const stranger = await registerAccount(ctx.app, { name: 'Stranger' });
  const created = await call('POST', '/api/teams', coach.cookie, {
    name: ' Under 16s ',
    sport: 'Basketball',
    primaryColor: '#FF8800',
  });
  expect(created.statusCode).toBe(201);
  const team = created.json<Team>();
  for (const athlete of athletes) {
    const added = await call('POST', `/api/teams/${team.id}/members`, coach.cookie, {
      athleteId: athlete.user.id,
    });
    expect(added.statusCode).toBe(200);
  }
  const video = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { title: 'Game 3' });
  return { coach, athletes, invitee, otherCoach, stranger, team, video };
}

const mailCountTo = async (address: string) =>
  (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).length;

const titlesIn = async (cookie: string, query = '') => {
  const response = await call('GET', `/api/videos${query}`, cookie);
  const list = query ? response.json<VideoPage>().videos : response.json<Video[]>();
  return list.map((video) => video.title);
};

describe('teams', () => {
  it('a coach makes a team of roster athletes; athletes see it, teammates by name only', async () => {
    const { coach, athletes, team } = await squad();
    expect(team).toMatchObject({
      name: 'Under 16s',
      sport: 'Basketball',
      primaryColor: '#ff8800',
      secondaryColor: null,
      isMine: true,
      members: [],
      videoCount: 0,
    });
    const [mine] = (await call('GET', '/api/teams', coach.cookie)).json<Team[]>();
    expect(mine!.members.map((member) => [member.name, member.username])).toEqual(
      athletes.map((athlete) => [athlete.name, athlete.username]),
    );
    const seen = (await call('GET', '/api/teams', athletes[0]!.cookie)).json<Team[]>();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: team.id, isMine: false, coach: { name: 'Coach Carter' } });
    expect(seen[0]!.members.every((member) => member.username === null)).toBe(true);
    expect(await listTeamMemberIds(ctx.app.db, team.id)).toEqual(
      expect.arrayContaining(athletes.map((athlete) => athlete.user.id)),
    );

    const renamed = await call('PATCH', `/api/teams/${team.id}`, coach.cookie, {
      name: 'U16',
      secondaryColor: '#000000',
    });
    expect(renamed.json()).toMatchObject({ name: 'U16', secondaryColor: '#000000' });
  });

  it('refuses bad input with a message naming the field, and athletes cannot make teams', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const athlete = await registerAccount(ctx.app);
    const bad = await call('POST', '/api/teams', coach.cookie, {
      name: 'A',
      sport: 'Rugby',
      primaryColor: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/#rrggbb/);
    const noName = await call('POST', '/api/teams', coach.cookie, { sport: 'Rugby' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/name/i);
    const byAthlete = await call('POST', '/api/teams', athlete.cookie, { name: 'A', sport: 'B' });
    expect(byAthlete.statusCode).toBe(403);
    expect(byAthlete.json().message).toBe('Only coaches can create teams');
  });

  it('takes only athletes of the roster who accepted', async () => {
    const { coach, invitee, stranger, team } = await squad();
    for (const person of [invitee, stranger]) {
      const added = await call('POST', `/api/teams/${team.id}/members`, coach.cookie, {
        athleteId: person.user.id,
      });
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toMatch(/^athleteId: only athletes on your roster/);
    }
  });

  it('keeps other people out: 404 to those who may not know the team, 403 to members', async () => {
    const { athletes, otherCoach, stranger, team } = await squad();
    const member = athletes[0]!;
    for (const outsider of [otherCoach, stranger]) {
      expect((await call('GET', `/api/teams/${team.id}`, outsider.cookie)).statusCode).toBe(404);
      expect((await call('GET', '/api/teams', outsider.cookie)).json()).toEqual([]);
      for (const [method, url, body] of [
        ['PATCH', `/api/teams/${team.id}`, { name: 'Mine now' }],
        ['DELETE', `/api/teams/${team.id}`, undefined],
        ['POST', `/api/teams/${team.id}/members`, { athleteId: outsider.user.id }],
        ['DELETE', `/api/teams/${team.id}/members/${member.user.id}`, undefined],
      ] as const) {
        const answer = await call(method, url, outsider.cookie, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call('GET', `/api/videos?teamId=${team.id}`, outsider.cookie)).statusCode).toBe(
        404,
      );
    }
    for (const [method, url, body] of [
      ['PATCH', `/api/teams/${team.id}`, { name: 'Ours' }],
      ['DELETE', `/api/teams/${team.id}`, undefined],
      ['POST', `/api/teams/${team.id}/members`, { athleteId: member.user.id }],
      ['DELETE', `/api/teams/${team.id}/members/${athletes[1]!.user.id}`, undefined],
    ] as const) {
      const answer = await call(method, url, member.cookie, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/teams/${team.id}`, member.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/teams')).statusCode).toBe(401);
  });
});

describe('sharing with a team', () => {
  it('reaches every member while they are members, and stops at once when one is removed', async () => {
    const { coach, athletes, stranger, team, video } = await squad();
    const shared = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({
      team: { id: team.id, name: 'Under 16s' },
      accessLevel: 'view',
      memberCount: 3,
    });
    for (const athlete of athletes) {
      expect(await titlesIn(athlete.cookie)).toEqual(['Game 3']);
      expect(await titlesIn(athlete.cookie, `?teamId=${team.id}`)).toEqual(['Game 3']);
    }
    expect(await titlesIn(stranger.cookie)).toEqual([]);
    expect(await titlesIn(coach.cookie, `?teamId=${team.id}`)).toEqual(['Game 3']);
    const removedAthlete = athletes[2]!;
    const detail = await call('GET', `/api/videos/${video}`, removedAthlete.cookie);
    expect(detail.json()).toMatchObject({
      isShared: true,
      accessLevel: 'view',
      sharedBy: { name: 'Coach Carter' },
    });
    // View level: seen, not changed; its sharing is not theirs to see.
    expect(
      (await call('PATCH', `/api/videos/${video}`, removedAthlete.cookie, { title: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/videos/${video}/team-shares`, removedAthlete.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/videos/${video}/team-shares`, stranger.cookie)).statusCode,
    ).toBe(404);
    // The media is served, and remembered for the session...
    const media = `/uploads/${videoKeys.media(video)}`;
    expect((await call('GET', media, removedAthlete.cookie)).statusCode).toBe(200);

    // ...until the coach takes them off the team: then nothing of it is theirs, at once.
    const openPage = await listen(removedAthlete.cookie);
    const removed = await call(
      'DELETE',
      `/api/teams/${team.id}/members/${removedAthlete.user.id}`,
      coach.cookie,
    );
    expect(removed.statusCode).toBe(200);
    // Their open page is told, and asks again for what it shows.
    expect(await openPage.access).toBe(true);
    expect((await call('GET', media, removedAthlete.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/videos/${video}`, removedAthlete.cookie)).statusCode).toBe(404);
    expect(await titlesIn(removedAthlete.cookie)).toEqual([]);
    expect(
      (await call('GET', `/api/videos?teamId=${team.id}`, removedAthlete.cookie)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/teams', removedAthlete.cookie)).json()).toEqual([]);
    expect(await titlesIn(athletes[0]!.cookie)).toEqual(['Game 3']);
    expect(await listTeamMemberIds(ctx.app.db, team.id)).toHaveLength(2);
  });

  it('tells each member the video was shared with their team, and nobody else', async () => {
    const { coach, athletes, invitee, stranger, team, video } = await squad();
    const shared = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
    });
    expect(shared.statusCode).toBe(201);
    const bell = async (cookie: string) =>
      (await call('GET', '/api/notifications', cookie)).json<NotificationList>();
    for (const athlete of athletes) {
      const { unreadCount, notifications } = await bell(athlete.cookie);
      // The coach's roster invitation, then this share (newest first).
      expect(unreadCount).toBe(2);
      expect(notifications[0]).toMatchObject({
        kind: 'video-shared',
        actor: { name: 'Coach Carter' },
        video: { id: video, title: 'Game 3' },
      });
    }
    // The coach hears of athletes accepting, never of their own share.
    for (const outsider of [coach, invitee, stranger]) {
      const kinds = (await bell(outsider.cookie)).notifications.map(({ kind }) => kind);
      expect(kinds).not.toContain('video-shared');
    }
    // Changing the level is not a new share: nobody is told twice.
    await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
      accessLevel: 'edit',
    });
    expect((await bell(athletes[0]!.cookie)).unreadCount).toBe(2);
    // Nor is removing the share and adding it again: no second notice, no second mail.
    const mailsBefore = await mailCountTo(athletes[0]!.username);
    const [teamShare] = (await call('GET', `/api/videos/${video}/team-shares`, coach.cookie)).json<
      TeamShare[]
    >();
    for (let round = 0; round < 3; round++) {
      const removed = await call(
        'DELETE',
        `/api/videos/${video}/team-shares/${teamShare!.id}`,
        coach.cookie,
      );
      expect(removed.statusCode).toBe(200);
      const again = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
        teamId: team.id,
      });
      expect(again.statusCode).toBe(201);
      teamShare!.id = again.json<TeamShare>().id;
    }
    expect(
      (await bell(athletes[0]!.cookie)).notifications.filter(({ kind }) => kind === 'video-shared'),
    ).toHaveLength(1);
    expect(await mailCountTo(athletes[0]!.username)).toBe(mailsBefore);
  });

  it('lets a member leave, and ends membership with the roster link or the team', async () => {
    const { coach, athletes, team, video } = await squad();
    await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, { teamId: team.id });
    const [leaver, unlinked, last] = athletes as [
      (typeof athletes)[0],
      (typeof athletes)[0],
      (typeof athletes)[0],
    ];
    const left = await call(
      'DELETE',
      `/api/teams/${team.id}/members/${leaver.user.id}`,
      leaver.cookie,
    );
    expect(left.statusCode).toBe(200);
    expect(await titlesIn(leaver.cookie)).toEqual([]);

    // Ending the roster link takes the athlete off every team of that coach.
    const links = await call('GET', '/api/roster/coaches', unlinked.cookie);
    const link = links.json<{ id: string }[]>()[0]!;
    expect(
      (await call('DELETE', `/api/roster/coaches/${link.id}`, unlinked.cookie)).statusCode,
    ).toBe(200);
    expect(await titlesIn(unlinked.cookie)).toEqual([]);
    expect((await call('GET', `/api/videos/${video}`, unlinked.cookie)).statusCode).toBe(404);

    expect(await titlesIn(last.cookie)).toEqual(['Game 3']);
    expect((await call('DELETE', `/api/teams/${team.id}`, coach.cookie)).statusCode).toBe(200);
    expect(await titlesIn(last.cookie)).toEqual([]);
    expect((await call('GET', `/api/teams/${team.id}`, coach.cookie)).statusCode).toBe(404);
  });

  it('gives each member the highest level among their direct and team shares', async () => {
    const { coach, athletes, team, video } = await squad();
    const [viaTeamOnly, directView, directEdit] = athletes as [
      (typeof athletes)[0],
      (typeof athletes)[0],
      (typeof athletes)[0],
    ];
    await ctx.app.db.insert(videoShares).values([
      {
        videoId: video,
        sharedWithEmail: directView.username,
        accessLevel: 'view',
        sharedById: coach.user.id,
      },
      {
        videoId: video,
        sharedWithEmail: directEdit.username,
        accessLevel: 'edit',
        sharedById: coach.user.id,
      },
    ]);
    const share = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
      accessLevel: 'edit',
    });
    const rename = (who: { cookie: string }) =>
      call('PATCH', `/api/videos/${video}`, who.cookie, { title: 'Renamed' });
    expect((await rename(viaTeamOnly)).statusCode).toBe(200);
    expect((await rename(directView)).statusCode).toBe(200);
    expect((await call('GET', '/api/videos', directView.cookie)).json<Video[]>()).toEqual([
      expect.objectContaining({ accessLevel: 'edit' }),
    ]);

    // Sharing again at view lowers the team's level; the direct edit share still wins.
    const lowered = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
      accessLevel: 'view',
    });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json<TeamShare>().id).toBe(share.json<TeamShare>().id);
    expect((await rename(viaTeamOnly)).statusCode).toBe(403);
    expect((await rename(directView)).statusCode).toBe(403);
    expect((await rename(directEdit)).statusCode).toBe(200);
    expect((await call('GET', `/api/videos/${video}`, directEdit.cookie)).json()).toMatchObject({
      accessLevel: 'edit',
    });

    // Removing the team share leaves the direct ones.
    const removed = await call(
      'DELETE',
      `/api/videos/${video}/team-shares/${share.json<TeamShare>().id}`,
      coach.cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect(await titlesIn(viaTeamOnly.cookie)).toEqual([]);
    expect(await titlesIn(directView.cookie)).toEqual(['Renamed']);
    expect((await call('GET', `/api/videos/${video}/team-shares`, coach.cookie)).json()).toEqual(
      [],
    );
  });

  it('shares only with a team of your own, and only what you may edit', async () => {
    const { coach, athletes, otherCoach, team, video } = await squad();
    const theirTeam = (
      await call('POST', '/api/teams', otherCoach.cookie, { name: 'Theirs', sport: 'Golf' })
    ).json<Team>();
    const theirs = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: theirTeam.id,
    });
    expect(theirs.statusCode).toBe(404);
    const ownVideo = await insertReadyVideo(ctx.runtime.deps, otherCoach.user.id);
    const notMine = await call('POST', `/api/videos/${ownVideo}/team-shares`, coach.cookie, {
      teamId: team.id,
    });
    expect(notMine.statusCode).toBe(404);
    // A member (here with edit access to the video) may see the team but not share with it.
    await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
      accessLevel: 'edit',
    });
    const byMember = await call('POST', `/api/videos/${video}/team-shares`, athletes[0]!.cookie, {
      teamId: team.id,
    });
    expect(byMember.statusCode).toBe(403);
    const badLevel = await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, {
      teamId: team.id,
      accessLevel: 'owner',
    });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toMatch(/Access level must be view or edit/);
  });

  it('shares a playlist with a team: members play its clips while they are members', async () => {
    const { coach, athletes, team } = await squad();
    const video = await insertPlayableVideo(ctx.runtime.deps, coach.user.id);
    const clip = await call('POST', '/api/clips', coach.cookie, {
      videoId: video,
      title: 'Drive',
      start: 0,
      end: 1,
    });
    expect(clip.statusCode).toBe(201);
    const playlist = (
      await call('POST', '/api/playlists', coach.cookie, {
        title: 'Best drives',
        clipIds: [clip.json<{ id: string }>().id],
      })
    ).json<Playlist>();
    const member = athletes[0]!;
    expect((await call('GET', `/api/playlists/${playlist.id}`, member.cookie)).statusCode).toBe(
      404,
    );
    // A member's open Playlists page hears of the share, and fetches the new playlist.
    const memberPage = await listen(
      member.cookie,
      new RegExp(`event: playlist\\ndata: \\{"id":"${playlist.id}"\\}`),
    );
    const shared = await call('POST', `/api/playlists/${playlist.id}/team-shares`, coach.cookie, {
      teamId: team.id,
    });
    expect(shared.statusCode).toBe(201);
    expect(await memberPage.access).toBe(true);
    expect((await call('GET', `/api/playlists/${playlist.id}`, member.cookie)).statusCode).toBe(
      200,
    );
    const listed = (await call('GET', '/api/playlists', member.cookie)).json<{ id: string }[]>();
    expect(listed.map((one) => one.id)).toEqual([playlist.id]);
    // Members see it, so are told they may not share it; others learn nothing of it.
    expect(
      (await call('GET', `/api/playlists/${playlist.id}/team-shares`, member.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/playlists/${playlist.id}/team-shares`, athletes[1]!.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/playlists/${playlist.id}/team-shares`, coach.cookie)).json(),
    ).toEqual([shared.json()]);

    await call('DELETE', `/api/teams/${team.id}/members/${member.user.id}`, coach.cookie);
    expect((await call('GET', `/api/playlists/${playlist.id}`, member.cookie)).statusCode).toBe(
      404,
    );
    const removed = await call(
      'DELETE',
      `/api/playlists/${playlist.id}/team-shares/${shared.json<TeamShare>().id}`,
      coach.cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/playlists/${playlist.id}`, athletes[1]!.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('video cards tell the truth', () => {
  it('lists the analysis state, and the list changes when the analysis moves on', async () => {
    const { coach, athletes, team, video } = await squad();
    await call('POST', `/api/videos/${video}/team-shares`, coach.cookie, { teamId: team.id });
    const list = async (cookie: string) => {
      const response = await call('GET', '/api/videos', cookie);
      return { etag: response.headers.etag, video: response.json<Video[]>()[0]! };
    };
    const before = await list(athletes[0]!.cookie);
    const coachBefore = await list(coach.cookie);
    expect(before.video.analysisState).toBeNull();
    await ctx.app.db.insert(analyses).values({ videoId: video, status: 'scanning', progress: 40 });
    const scanning = await list(athletes[0]!.cookie);
    const coachScanning = await list(coach.cookie);
    expect(scanning.etag).not.toBe(before.etag);
    expect(coachScanning.etag).not.toBe(coachBefore.etag);
    expect(coachScanning.video.analysisState).toEqual({
      id: video,
      status: 'scanning',
      progress: 40,
      failureReason: null,
    });
    await ctx.app.db
      .update(analyses)
      .set({ status: 'failed', failureReason: 'No people were found', updatedAt: new Date() })
      .where(eq(analyses.videoId, video));
    const failed = await list(coach.cookie);
    expect(failed.etag).not.toBe(coachScanning.etag);
    expect(failed.video.analysisState).toMatchObject({
      status: 'failed',
      failureReason: 'No people were found',
    });
    const page = (await call('GET', '/api/videos?limit=5', athletes[0]!.cookie)).json<VideoPage>();
    expect(page.videos[0]!.analysisState).toMatchObject({ status: 'failed' });
  });
});
