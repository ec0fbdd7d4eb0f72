import type {
  Playlist,
  TagEvent,
  TagSeasonEvents,
  TagStats,
  TagTemplate,
  TagTemplateList,
} from '@filmroom/contract';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { addAcceptedStudent } from '../../../test/roster';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { teamMembers, teams } from '../../db/schema';
import { parseSportscodeXml } from './sportscode-xml';

const ctx = useTestApp();
const FIXTURE = new URL('../../../test/fixtures/sportscode-game.xml', import.meta.url);

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: Account, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

let coach: Account;
let jordan: Account;
let sam: Account;
let viewer: Account;
let otherCoach: Account;

beforeAll(async () => {
  [coach, jordan, sam, viewer, otherCoach] = await Promise.all([
    registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true }),
    registerAccount(ctx.app, { name: 'Jordan' }),
    registerAccount(ctx.app, { name: 'Sam' }),
    registerAccount(ctx.app, { name: 'Viewer' }),
    registerAccount(ctx.app, { name: 'Other Coach', isCoach: true }),
  ]);
  for (const [athlete, number] of [
    [jordan, 23],
    [sam, 7],
  ] as const) {
    await addAcceptedStudent(ctx.app, coach, athlete);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: athlete.cookie },
      payload: { playerNumber: number },
    });
  }
});

/** A ready 60-second game of the coach's, shared for view with the viewer and Jordan. */
async function game() {
  const id = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: 60 });
  await insertViewShare(ctx.database.db, id, coach, viewer);
  await insertViewShare(ctx.database.db, id, coach, jordan);
  return id;
}

const tag = async (videoId: string, body: object, who = coach) => {
  const response = await call('POST', `/api/videos/${videoId}/tag-events`, who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TagEvent>();
};

describe('code windows', () => {
  it('offers the eight ready-made windows and copies basketball into the coach’s own', async () => {
    const listed = await call('GET', '/api/tagging/templates', coach);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json<TagTemplateList>();
    expect(list.readyMade.map((template) => template.key)).toEqual([
      'basketball',
      'soccer',
      'volleyball',
      'american-football',
      'ice-hockey',
      'rugby',
      'tennis',
      'generic',
    ]);
    const copied = await call('POST', '/api/tagging/templates/copy', coach, {
      readyMade: 'basketball',
    });
    expect(copied.statusCode).toBe(201);
    const template = copied.json<TagTemplate>();
    expect(template).toMatchObject({ name: 'Basketball', mine: true, teamId: null });
    expect(template.buttons.find((button) => button.name === 'Shot')).toMatchObject({
      hotkey: 's',
      leadSeconds: 5,
      lagSeconds: 3,
      mode: 'instant',
    });
    const renamed = await call('PATCH', `/api/tagging/templates/${template.id}`, coach, {
      name: 'Our basketball',
    });
    expect(renamed.json<TagTemplate>().name).toBe('Our basketball');
    // Another coach neither sees nor changes it; an athlete keeps no code windows.
    expect(
      (await call('GET', `/api/tagging/templates/${template.id}`, otherCoach)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/tagging/templates/copy', jordan, { readyMade: 'soccer' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/tagging/templates/copy', coach, { readyMade: 'curling' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a window where one hotkey means two things', async () => {
    const response = await call('POST', '/api/tagging/templates', coach, {
      name: 'Clash',
      sport: 'Basketball',
      buttons: [
        {
          name: 'Shot',
          colour: '#ff0000',
          hotkey: 's',
          leadSeconds: 5,
          lagSeconds: 3,
          mode: 'instant',
        },
      ],
      labelGroups: [{ name: 'Result', labels: [{ text: 'Scored', hotkey: 'S' }] }],
      periods: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/hotkey/);
  });

  it('keeps ratios with the window and refuses one that counts what the window cannot tag', async () => {
    const template = (
      await call('POST', '/api/tagging/templates/copy', coach, { readyMade: 'basketball' })
    ).json<TagTemplate>();
    const threes = {
      name: '3P%',
      numerator: { code: 'Shot', label: 'Zone: Three' },
      denominator: { code: 'Shot', label: null },
    };
    const changed = await call('PATCH', `/api/tagging/templates/${template.id}`, coach, {
      ratios: [...template.ratios, threes],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TagTemplate>().ratios.at(-1)).toEqual(threes);
    for (const [ratio, message] of [
      [
        { ...threes, numerator: { code: 'Dunk', label: null } },
        'Ratio "3P%" counts "Dunk", which is not a button of this code window',
      ],
      [
        { ...threes, numerator: { code: 'Shot', label: 'Zone: Moon' } },
        'Ratio "3P%" names the label "Zone: Moon", which this code window does not have',
      ],
      [{ ...threes, name: 'FG%' }, 'Each ratio needs its own name'],
    ] as const) {
      const refused = await call('PATCH', `/api/tagging/templates/${template.id}`, coach, {
        ratios: [...template.ratios, ratio],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
  });

  it('shares a window with the coach’s team: its members read it, only the owner changes it', async () => {
    const [team] = await ctx.database.db
      .insert(teams)
      .values({ coachId: coach.user.id, name: 'Varsity', sport: 'Basketball' })
      .returning();
    await ctx.database.db.insert(teamMembers).values({ teamId: team!.id, userId: jordan.user.id });
    const template = (
      await call('POST', '/api/tagging/templates/copy', coach, { readyMade: 'generic' })
    ).json<TagTemplate>();
    const shared = await call('PATCH', `/api/tagging/templates/${template.id}`, coach, {
      teamId: team!.id,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await call('GET', `/api/tagging/templates/${template.id}`, jordan)).statusCode).toBe(
      200,
    );
    expect(
      (await call('PATCH', `/api/tagging/templates/${template.id}`, jordan, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    // Sharing with a team that is not one's own is refused.
    const other = await call('PATCH', `/api/tagging/templates/${template.id}`, otherCoach, {
      teamId: team!.id,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('tagged events', () => {
  it('lets editors tag, viewers read, and an athlete find their own events', async () => {
    const videoId = await game();
    await tag(videoId, {
      code: 'Shot',
      colour: '#f76b15',
      start: 10,
      end: 10,
      leadSeconds: 5,
      lagSeconds: 3,
      labels: [{ group: 'Result', text: 'Made' }],
      playerId: jordan.user.id,
      period: 'Q1',
    });
    await tag(videoId, {
      code: 'Rebound',
      start: 20,
      end: 20,
      playerId: sam.user.id,
      period: 'Q2',
    });

    const listed = (await call('GET', `/api/videos/${videoId}/tag-events`, viewer)).json<
      TagEvent[]
    >();
    expect(listed.map((event) => event.code)).toEqual(['Shot', 'Rebound']);
    expect(listed[0]).toMatchObject({
      playerName: 'Jordan',
      playerNumber: 23,
      authorName: 'Coach Carter',
      labels: [{ group: 'Result', text: 'Made' }],
    });
    const mine = (await call('GET', `/api/videos/${videoId}/tag-events?mine=true`, jordan)).json<
      TagEvent[]
    >();
    expect(mine.map((event) => event.code)).toEqual(['Shot']);

    expect(
      (
        await call('POST', `/api/videos/${videoId}/tag-events`, viewer, {
          code: 'Shot',
          start: 1,
          end: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/videos/${videoId}/tag-events`, otherCoach)).statusCode).toBe(
      404,
    );
    const outside = await call('POST', `/api/videos/${videoId}/tag-events`, coach, {
      code: 'Shot',
      start: 61,
      end: 61,
    });
    expect(outside.statusCode).toBe(400);
    const stranger = await call('POST', `/api/videos/${videoId}/tag-events`, coach, {
      code: 'Shot',
      start: 1,
      end: 1,
      playerId: otherCoach.user.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/roster/);
  });

  it('changes and deletes an event', async () => {
    const videoId = await game();
    const event = await tag(videoId, { code: 'Possession', start: 5, end: 5 });
    const ended = await call('PATCH', `/api/videos/${videoId}/tag-events/${event.id}`, coach, {
      end: 18,
      labels: [{ group: 'Side', text: 'Offence' }],
    });
    expect(ended.json<TagEvent>()).toMatchObject({ start: 5, end: 18 });
    const backwards = await call('PATCH', `/api/videos/${videoId}/tag-events/${event.id}`, coach, {
      end: 2,
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      (await call('DELETE', `/api/videos/${videoId}/tag-events/${event.id}`, viewer)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/videos/${videoId}/tag-events/${event.id}`, coach)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/videos/${videoId}/tag-events/${event.id}`, coach)).statusCode,
    ).toBe(404);
  });

  it('counts event types by label and by player, filtered by period', async () => {
    const videoId = await game();
    const shot = (text: string, playerId: string, period: string) =>
      tag(videoId, {
        code: 'Shot',
        start: 5,
        end: 5,
        labels: [{ group: 'Result', text }],
        playerId,
        period,
      });
    const made = await shot('Made', jordan.user.id, 'Q1');
    await shot('Missed', jordan.user.id, 'Q1');
    await shot('Missed', jordan.user.id, 'Q2');
    await shot('Made', sam.user.id, 'Q2');

    const byLabel = (
      await call('GET', `/api/videos/${videoId}/tag-stats?by=label`, viewer)
    ).json<TagStats>();
    expect(byLabel.rows).toHaveLength(1);
    const counts = Object.fromEntries(
      byLabel.rows[0]!.cells.map((cell) => [cell.column, cell.count]),
    );
    expect(counts).toEqual({ 'Result: Made': 2, 'Result: Missed': 2 });

    const jordanQ1 = (
      await call('GET', `/api/videos/${videoId}/tag-stats?by=player&period=Q1`, coach)
    ).json<TagStats>();
    expect(jordanQ1.total).toBe(2);
    expect(jordanQ1.columns).toEqual([{ key: jordan.user.id, title: '#23 Jordan' }]);

    const made2 = (
      await call(
        'GET',
        `/api/videos/${videoId}/tag-stats?by=player&label=${encodeURIComponent('Result: Made')}`,
        coach,
      )
    ).json<TagStats>();
    expect(made2.rows[0]!.cells.find((cell) => cell.column === jordan.user.id)!.count).toBe(1);
    // A cell carries no ids: it opens with its filter, which picks the events it counted.
    const opened = await call(
      'GET',
      `/api/videos/${videoId}/tag-events?code=Shot&playerId=${jordan.user.id}&label=${encodeURIComponent('Result: Made')}`,
      coach,
    );
    expect(opened.json<TagEvent[]>().map((event) => event.id)).toEqual([made.id]);
    expect((await call('GET', `/api/videos/${videoId}/tag-stats?by=team`, coach)).statusCode).toBe(
      400,
    );
  });

  it('works out a code window’s ratios per player, per game and over a season of games', async () => {
    const copied = await call('POST', '/api/tagging/templates/copy', coach, {
      readyMade: 'basketball',
    });
    const template = copied.json<TagTemplate>();
    expect(template.ratios.map((ratio) => ratio.name)).toEqual(['FG%', 'FT%']);
    const shot = (videoId: string, result: string, playerId: string | null, start: number) =>
      tag(videoId, {
        code: 'Shot',
        start,
        end: start,
        labels: [{ group: 'Result', text: result }],
        playerId,
      });
    const first = await game();
    const second = await game();
    // Jordan: 2 of 3 in the first game, 1 of 1 in the second; Sam 0 of 1; a free throw apart.
    await shot(first, 'Made', jordan.user.id, 1);
    await shot(first, 'Made', jordan.user.id, 2);
    await shot(first, 'Missed', jordan.user.id, 3);
    await shot(first, 'Missed', sam.user.id, 4);
    await shot(second, 'Made', jordan.user.id, 5);
    await tag(second, { code: 'Free throw', start: 6, end: 6, playerId: sam.user.id });

    const fgOf = (stats: TagStats) => stats.ratios.find((ratio) => ratio.name === 'FG%')!;
    const perGame = (
      await call('GET', `/api/videos/${first}/tag-stats?by=player&templateId=${template.id}`, coach)
    ).json<TagStats>();
    expect(fgOf(perGame).total).toEqual({ made: 2, attempted: 4, percentage: 50 });
    expect(fgOf(perGame).cells).toEqual(
      expect.arrayContaining([
        { column: jordan.user.id, made: 2, attempted: 3, percentage: 66.7 },
        { column: sam.user.id, made: 0, attempted: 1, percentage: 0 },
      ]),
    );
    // Nothing attempted has no percentage rather than 0 %.
    expect(perGame.ratios.find((ratio) => ratio.name === 'FT%')!.total.percentage).toBeNull();

    const season = await call(
      'GET',
      `/api/tagging/stats?videoIds=${first},${second}&by=player&templateId=${template.id}`,
      coach,
    );
    expect(season.statusCode, season.body).toBe(200);
    const seasonStats = season.json<TagStats>();
    expect(seasonStats.videoIds).toEqual([first, second]);
    expect(seasonStats.total).toBe(6);
    expect(fgOf(seasonStats).cells.find((cell) => cell.column === jordan.user.id)).toEqual({
      column: jordan.user.id,
      made: 3,
      attempted: 4,
      percentage: 75,
    });
    // Filtered like the matrix: the label narrows the events counted.
    const madeOnly = (
      await call(
        'GET',
        `/api/tagging/stats?videoIds=${first},${second}&by=label&templateId=${template.id}&label=${encodeURIComponent('Result: Made')}`,
        coach,
      )
    ).json<TagStats>();
    expect(fgOf(madeOnly).total).toEqual({ made: 3, attempted: 3, percentage: 100 });
    // Without a code window, no ratios.
    expect(
      (await call('GET', `/api/tagging/stats?videoIds=${first}`, viewer)).json<TagStats>().ratios,
    ).toEqual([]);
  });

  it('opens a season cell across games with its filter: the events it counted, each with its video', async () => {
    const first = await game();
    const second = await game();
    const shot = (videoId: string, start: number, playerId: string | null, result = 'Made') =>
      tag(videoId, {
        code: 'Shot',
        start,
        end: start,
        labels: [{ group: 'Result', text: result }],
        playerId,
      });
    // Named out of timeline order, so the order the games were named shows.
    const secondNobody = await shot(second, 2, null);
    const firstNobodyLate = await shot(first, 9, null, 'Missed');
    const firstNobodyEarly = await shot(first, 1, null);
    await shot(first, 3, jordan.user.id);
    await tag(first, { code: 'Rebound', start: 4, end: 4 });

    const season = (
      await call('GET', `/api/tagging/stats?videoIds=${second},${first}&by=player`, coach)
    ).json<TagStats>();
    const shots = season.rows.find((row) => row.code === 'Shot')!;
    expect(shots.cells).toEqual(
      expect.arrayContaining([
        { column: 'none', count: 3 },
        { column: jordan.user.id, count: 1 },
      ]),
    );
    expect(season.columns).toContainEqual({ key: 'none', title: 'No player' });

    const opened = await call(
      'GET',
      `/api/tagging/events?videoIds=${second},${first}&code=Shot&playerId=none`,
      viewer,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const cell = opened.json<TagSeasonEvents>();
    expect(cell.total).toBe(3);
    expect(cell.events.map((event) => [event.videoId, event.id])).toEqual([
      [second, secondNobody.id],
      [first, firstNobodyEarly.id],
      [first, firstNobodyLate.id],
    ]);
    // The label narrows it as it narrows the count; the period too (none tagged here).
    const made = (
      await call(
        'GET',
        `/api/tagging/events?videoIds=${first}&code=Shot&playerId=none&label=${encodeURIComponent('Result:Made')}`,
        coach,
      )
    ).json<TagSeasonEvents>();
    expect(made.events.map((event) => event.id)).toEqual([firstNobodyEarly.id]);
    expect(
      (
        await call('GET', `/api/tagging/events?videoIds=${first}&period=Q4`, coach)
      ).json<TagSeasonEvents>(),
    ).toEqual({ events: [], total: 0 });

    const theirs = await insertReadyVideo(ctx.runtime.deps, otherCoach.user.id, { duration: 60 });
    const refused = await call('GET', `/api/tagging/events?videoIds=${first},${theirs}`, coach);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(`Video ${theirs}: Video not found`);
    for (const bad of [`videoIds=${first}&playerId=nobody`, 'videoIds=', `code=Shot`]) {
      expect((await call('GET', `/api/tagging/events?${bad}`, coach)).statusCode, bad).toBe(400);
    }
  });

  it('refuses a season view naming a video the asker may not view, and says which', async () => {
    const mine = await game();
    const theirs = await insertReadyVideo(ctx.runtime.deps, otherCoach.user.id, { duration: 60 });
    const refused = await call('GET', `/api/tagging/stats?videoIds=${mine},${theirs}`, coach);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(`Video ${theirs}: Video not found`);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/tagging/stats?videoIds=${unknown}`, coach)).statusCode).toBe(
      404,
    );
    for (const bad of [
      '',
      'not-a-uuid',
      Array.from({ length: 51 }, () => crypto.randomUUID()).join(','),
    ]) {
      const response = await call('GET', `/api/tagging/stats?videoIds=${bad}`, coach);
      expect(response.statusCode, bad).toBe(400);
    }
    // A code window the asker may not read is not found, rather than silently ignored.
    const private_ = (
      await call('POST', '/api/tagging/templates/copy', otherCoach, { readyMade: 'basketball' })
    ).json<TagTemplate>();
    expect(
      (await call('GET', `/api/tagging/stats?videoIds=${mine}&templateId=${private_.id}`, coach))
        .statusCode,
    ).toBe(404);
  });

  it('turns a filter into a playlist of captioned clips from in minus lead to out plus lag', async () => {
    const videoId = await game();
    await tag(videoId, {
      code: 'Shot',
      start: 30,
      end: 30,
      leadSeconds: 5,
      lagSeconds: 3,
      labels: [{ group: 'Result', text: 'Missed' }],
      playerId: jordan.user.id,
      period: 'Q2',
    });
    await tag(videoId, {
      code: 'Shot',
      start: 2,
      end: 2,
      leadSeconds: 5,
      lagSeconds: 3,
      period: 'Q1',
    });
    await tag(videoId, {
      code: 'Rebound',
      start: 40,
      end: 40,
      playerId: jordan.user.id,
      period: 'Q2',
    });

    const made = await call('POST', `/api/videos/${videoId}/tag-events/playlist`, coach, {
      title: "Jordan's missed shots, second half",
      filter: { code: 'Shot', playerId: jordan.user.id, label: 'Result: Missed' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { playlistId, clipCount } = made.json<{ playlistId: string; clipCount: number }>();
    expect(clipCount).toBe(1);
    const playlist = (await call('GET', `/api/playlists/${playlistId}`, coach)).json<Playlist>();
    expect(playlist.items[0]!.clip).toMatchObject({
      title: 'Shot · #23 Jordan · Result: Missed · Q2',
      start: 25,
      end: 33,
    });
    // Every shot: the one near the start is held inside the video.
    const shots = await call('POST', `/api/videos/${videoId}/tag-events/playlist`, viewer, {
      title: 'Shots',
      filter: { code: 'Shot' },
    });
    const all = (
      await call('GET', `/api/playlists/${shots.json().playlistId}`, viewer)
    ).json<Playlist>();
    expect(all.items.map((item) => [item.clip.start, item.clip.end])).toEqual([
      [0, 5],
      [25, 33],
    ]);
    const none = await call('POST', `/api/videos/${videoId}/tag-events/playlist`, coach, {
      title: 'Nothing',
      filter: { code: 'Dunk' },
    });
    expect(none.statusCode).toBe(400);
  });

  it('makes one playlist of a season cell across games, in game order then time', async () => {
    const [first, second, third] = [await game(), await game(), await game()];
    const turnover = (start: number, playerId?: string) => ({
      code: 'Turnover',
      start,
      end: start,
      leadSeconds: 2,
      lagSeconds: 2,
      ...(playerId ? { playerId } : {}),
    });
    await tag(second, turnover(50, jordan.user.id));
    await tag(first, turnover(40, jordan.user.id));
    await tag(second, turnover(10, jordan.user.id));
    await tag(first, turnover(20, sam.user.id));
    await tag(third, { ...turnover(30, jordan.user.id), code: 'Shot' });

    // The games in the order named, each in timeline order; the third has no turnover of his.
    const made = await call('POST', '/api/tagging/playlist', coach, {
      title: "Jordan's turnovers, last three games",
      videoIds: [second, first, third],
      filter: { code: 'Turnover', playerId: jordan.user.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { playlistId, clipCount } = made.json<{ playlistId: string; clipCount: number }>();
    expect(clipCount).toBe(3);
    const playlist = (await call('GET', `/api/playlists/${playlistId}`, coach)).json<Playlist>();
    expect(playlist.title).toBe("Jordan's turnovers, last three games");
    expect(
      playlist.items.map(({ clip }) => [clip.videoId, clip.start, clip.end, clip.title]),
    ).toEqual([
      [second, 8, 12, 'Turnover · #23 Jordan'],
      [second, 48, 52, 'Turnover · #23 Jordan'],
      [first, 38, 42, 'Turnover · #23 Jordan'],
    ]);
    // Whoever may view every game makes one of their own (Jordan has a view share of each).
    const hisOwn = await call('POST', '/api/tagging/playlist', jordan, {
      title: 'My turnovers',
      videoIds: [first, second],
      filter: { code: 'Turnover', playerId: jordan.user.id },
    });
    expect(hisOwn.statusCode, hisOwn.body).toBe(201);
    expect(hisOwn.json<{ clipCount: number }>().clipCount).toBe(3);
  });

  it('refuses a season playlist naming a game the coach may not clip, and says which', async () => {
    const mine = await game();
    await tag(mine, { code: 'Turnover', start: 5, end: 5 });
    const theirs = await insertReadyVideo(ctx.runtime.deps, otherCoach.user.id, { duration: 60 });
    const body = { title: 'Turnovers', filter: { code: 'Turnover' } };
    const refused = await call('POST', '/api/tagging/playlist', coach, {
      ...body,
      videoIds: [mine, theirs],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(`Video ${theirs}: Video not found`);
    // Sam was never shared the game: not his to learn of.
    const stranger = await call('POST', '/api/tagging/playlist', sam, {
      ...body,
      videoIds: [mine],
    });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await call('POST', '/api/tagging/playlist', undefined, { ...body, videoIds: [mine] }))
        .statusCode,
    ).toBe(401);
    for (const videoIds of [
      undefined,
      [],
      ['not-a-uuid'],
      Array.from({ length: 51 }, () => crypto.randomUUID()),
    ]) {
      const response = await call('POST', '/api/tagging/playlist', coach, { ...body, videoIds });
      expect(response.statusCode, JSON.stringify(videoIds)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/videoIds|video/i);
    }
    const nothing = await call('POST', '/api/tagging/playlist', coach, {
      ...body,
      videoIds: [mine],
      filter: { code: 'Dunk' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ message: string }>().message).toBe('No events to make a playlist of');
    // Nothing was made by the refusals.
    const playlists = (await call('GET', '/api/playlists', coach)).json<{ title: string }[]>();
    expect(playlists.filter((playlist) => playlist.title === 'Turnovers')).toEqual([]);
  });

  it('exports CSV with formulas defused', async () => {
    const videoId = await game();
    await tag(videoId, {
      code: '=HYPERLINK("x")',
      start: 10,
      end: 12,
      labels: [{ group: 'Note', text: 'a, b' }],
      playerId: sam.user.id,
    });
    const response = await call('GET', `/api/videos/${videoId}/tag-events/export.csv`, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row] = response.body.trim().split('\r\n');
    expect(header).toBe(
      'id,type,start,end,clip_start,clip_end,period,player_number,player,labels,author,created_at',
    );
    expect(row).toContain(`"'=HYPERLINK(""x"")",10,12,10,12,,7,Sam,"Note: a, b",Coach Carter`);
  });
});

describe('Sportscode XML', () => {
  it('imports a file written by another tool and writes it back the same', async () => {
    const videoId = await game();
    const xml = await readFile(FIXTURE, 'utf8');
    const imported = await call('POST', `/api/videos/${videoId}/tag-events/import`, coach, { xml });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 3 });

    const events = (await call('GET', `/api/videos/${videoId}/tag-events`, coach)).json<
      TagEvent[]
    >();
    expect(events.map((event) => event.code)).toEqual(['Shot', 'Turnover', 'Pick & roll']);
    expect(events[0]).toMatchObject({
      playerId: jordan.user.id,
      period: 'Q1',
      colour: '#f76b15',
      labels: [{ group: 'Result', text: 'Made' }],
    });
    expect(events[1]!.labels).toEqual([{ group: 'Label', text: 'Bad pass' }]);
    expect(events[2]!.labels[0]).toEqual({ group: 'Zone', text: 'Paint <left>' });

    const exported = await call('GET', `/api/videos/${videoId}/tag-events/export.xml`, viewer);
    expect(exported.headers['content-type']).toMatch(/^application\/xml/);
    const sortLabels = (instances: Awaited<ReturnType<typeof parseSportscodeXml>>) =>
      instances.map((instance) => ({
        ...instance,
        labels: [...instance.labels].sort((a, b) =>
          `${a.group}:${a.text}`.localeCompare(`${b.group}:${b.text}`),
        ),
      }));
    // The hand-written file and FilmRoom's export of it say the same thing.
    expect(sortLabels(await parseSportscodeXml(exported.body))).toEqual(
      sortLabels(await parseSportscodeXml(xml)).map((instance) => ({
        ...instance,
        colour: instance.colour ?? '#8b8d98',
      })),
    );
    // And importing the export again doubles the events exactly.
    await call('POST', `/api/videos/${videoId}/tag-events/import`, coach, { xml: exported.body });
    const twice = (await call('GET', `/api/videos/${videoId}/tag-events`, coach)).json<
      TagEvent[]
    >();
    expect(twice).toHaveLength(6);
  });

  it('refuses what is not a Sportscode file, with the reason, and imports nothing', async () => {
    const videoId = await game();
    const refused = async (xml: string, reason: RegExp) => {
      const response = await call('POST', `/api/videos/${videoId}/tag-events/import`, coach, {
        xml,
      });
      expect(response.statusCode, xml).toBe(400);
      expect(response.json().message).toMatch(reason);
    };
    await refused('<file><ALL_INSTANCES><instance>', /well-formed|Sportscode|code/);
    await refused('<html><body/></html>', /Sportscode/);
    await refused(
      '<?xml version="1.0"?><!DOCTYPE file [<!ENTITY a "aaaa">]><file><ALL_INSTANCES/></file>',
      /DOCTYPE/,
    );
    await refused(
      '<file><ALL_INSTANCES><instance><ID>7</ID><start>5</start><end>2</end><code>Shot</code></instance></ALL_INSTANCES></file>',
      /instance 7: end/,
    );
    await refused(
      '<file><ALL_INSTANCES><instance><ID>8</ID><start>500</start><end>502</end><code>Shot</code></instance></ALL_INSTANCES></file>',
      /outside the video/,
    );
    expect((await call('GET', `/api/videos/${videoId}/tag-events`, coach)).json()).toEqual([]);
    const viewerImport = await call('POST', `/api/videos/${videoId}/tag-events/import`, viewer, {
      xml: await readFile(FIXTURE, 'utf8'),
    });
    expect(viewerImport.statusCode).toBe(403);
  });
});

describe('live', () => {
  it('tells a viewer’s open page when an editor tags', async () => {
    const videoId = await game();
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const abort = new AbortController();
    const response = await fetch(`${origin}/api/events`, {
      headers: { cookie: viewer.cookie },
      signal: abort.signal,
    });
    const heard = (async () => {
      let buffer = '';
      for await (const chunk of response.body!) {
        buffer += Buffer.from(chunk as Uint8Array).toString();
        const match = /event: tag-event\ndata: (.*)\n\n/.exec(buffer);
        if (match) return JSON.parse(match[1]!) as unknown;
      }
      return null;
    })().finally(() => abort.abort());
    const event = await tag(videoId, { code: 'Shot', start: 3, end: 3 });
    await expect(heard).resolves.toEqual({ videoId, change: 'created', eventId: event.id });
  });
});
