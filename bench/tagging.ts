// The tagging rows (issue 31): a season of ten 90-minute games with 1,500 tagged events each,
// the stats matrix over all ten (the season view) and over one, paced at 50 requests a second;
// one game's timeline drawn in Chromium and tagged by hotkey; and a 2,000-instance Sportscode XML file imported onto
// a game. Games, roster and events are inserted straight into the database; the requests go to
// one real server process.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { coachStudents, tagEvents, users } from '../apps/server/src/db/schema';
import { postJson } from '../apps/server/test/http-client';
import { insertReadyVideos, registerCoach, type Account } from './load-seed';
import { startLoadServer, type LoadServer } from './load-server';
import { measurePacedLoad, pacedText } from './paced-load';
import { benchTagHotkey } from './tag-hotkey';
import { benchTagTimeline } from './tag-timeline-render';
import type { Row } from './table';

const GAMES = 10;
const EVENTS_PER_GAME = 1500;
const GAME_SECONDS = 90 * 60;
const ROSTER = 12;
const IMPORT_INSTANCES = 2000;
const IMPORT_RUNS = 3;
const PACED = { rate: 50, durationSeconds: 15 };
const CODES = ['Shot', 'Rebound', 'Turnover', 'Assist', 'Foul', 'Steal'];
const PERIODS = ['Q1', 'Q2', 'Q3', 'Q4'];
const root = path.resolve(import.meta.dirname, '..');

export async function benchTagging(): Promise<Row[]> {
  const server = await startTaggingServer();
  try {
    const { coach, players, gameIds } = await seedGames(server, GAMES + IMPORT_RUNS);
    const season = gameIds.slice(0, GAMES);
    for (const videoId of season) await insertGameEvents(server, videoId, coach.id, players);
    const template = await copyBasketball(server.origin, coach);

    const rows = [
      await pacedStats(
        server,
        coach,
        `/api/tagging/stats?videoIds=${season.join(',')}&by=player&templateId=${template}`,
        `GET /api/tagging/stats (season view: ${GAMES} games × ${EVENTS_PER_GAME.toLocaleString('en-US')} events, by player, with ratios)`,
        GAMES * EVENTS_PER_GAME,
      ),
      await pacedStats(
        server,
        coach,
        `/api/videos/${season[0]}/tag-stats?by=player&templateId=${template}`,
        `GET /api/videos/:id/tag-stats (one game of ${EVENTS_PER_GAME.toLocaleString('en-US')} events, by player, with ratios)`,
        EVENTS_PER_GAME,
      ),
    ];
    rows.push(...(await benchTagTimeline(server.origin, coach, season[0]!, EVENTS_PER_GAME)));
    // Last on that game: the hotkey row adds events to it.
    rows.push(await benchTagHotkey(server.origin, coach, season[0]!, EVENTS_PER_GAME));
    rows.push(await importRow(server, coach, gameIds.slice(GAMES)));
    return rows;
  } finally {
    await server.stop();
  }
}

/** Only the timeline's rows (one game drawn, scrolled, zoomed and tagged by hotkey): a minute, not several. */
export async function benchTaggingTimeline(): Promise<Row[]> {
  const server = await startTaggingServer();
  try {
    const { coach, videoId } = await seedTimelineGame(server);
    await copyBasketball(server.origin, coach);
    return [
      ...(await benchTagTimeline(server.origin, coach, videoId, EVENTS_PER_GAME)),
      await benchTagHotkey(server.origin, coach, videoId, EVENTS_PER_GAME),
    ];
  } finally {
    await server.stop();
  }
}

/** The compiled server with the built web app, which the timeline rows' page is. */
async function startTaggingServer(): Promise<LoadServer> {
  execFileSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'ignore' });
  // No work queue runs: nothing is uploaded, and a scan would take the cores while we measure.
  return startLoadServer({ WORK_QUEUES: 'media.prepare' });
}

/** A coach with a roster and `count` ready 90-minute games, no events yet. */
async function seedGames(server: LoadServer, count: number) {
  const coach = await registerCoach(server.origin, {
    username: 'tagging-coach@example.com',
    password: 'tagging bench password',
  });
  const players = await insertRoster(server, coach.id);
  await insertReadyVideos(server.db, coach.id, count);
  // Every game 90 minutes long, so events can be spread over a whole game.
  const { rows: games } = await server.db.$client.query<{ id: string }>(
    'UPDATE videos SET duration = $1 WHERE owner_id = $2 RETURNING id',
    [GAME_SECONDS, coach.id],
  );
  return { coach, players, gameIds: games.map((game) => game.id) };
}

/** One game of EVENTS_PER_GAME events for a freshly seeded coach: what the timeline rows draw. */
async function seedTimelineGame(server: LoadServer) {
  const { coach, players, gameIds } = await seedGames(server, 1);
  await insertGameEvents(server, gameIds[0]!, coach.id, players);
  return { coach, videoId: gameIds[0]! };
}

/** Athletes #1 to #12 on the coach's roster, accepted. */
async function insertRoster(server: LoadServer, coachId: string): Promise<string[]> {
  const inserted = await server.db
    .insert(users)
    .values(
      Array.from({ length: ROSTER }, (_, index) => ({
        username: `tagging-player-${index + 1}@example.com`,
        // Never signed in with: any stored text will do.
        passwordHash: 'not-a-password',
        name: `Player ${index + 1}`,
        playerNumber: index + 1,
      })),
    )
    .returning({ id: users.id });
  await server.db
    .insert(coachStudents)
    .values(inserted.map(({ id }) => ({ coachId, studentId: id, status: 'accepted' as const })));
  return inserted.map(({ id }) => id);
}

/** A game's events spread over its 90 minutes, most with a player, shots made or missed. */
async function insertGameEvents(
  server: LoadServer,
  videoId: string,
  authorId: string,
  players: string[],
) {
  const rows = Array.from({ length: EVENTS_PER_GAME }, (_, index) => {
    const code = CODES[index % CODES.length]!;
    const start = (index * GAME_SECONDS) / EVENTS_PER_GAME;
    return {
      videoId,
      authorId,
      code,
      colour: '#f76b15',
      startTime: start,
      endTime: start + (index % 3),
      leadSeconds: 5,
      lagSeconds: 3,
      labels:
        code === 'Shot'
          ? [
              { group: 'Result', text: index % 5 < 2 ? 'Made' : 'Missed' },
              { group: 'Zone', text: ['Paint', 'Mid-range', 'Three'][index % 3]! },
            ]
          : [],
      playerId: index % 7 === 0 ? null : players[index % players.length]!,
      period: PERIODS[Math.floor((index / EVENTS_PER_GAME) * PERIODS.length)]!,
    };
  });
  for (let at = 0; at < rows.length; at += 500) {
    await server.db.insert(tagEvents).values(rows.slice(at, at + 500));
  }
}

async function copyBasketball(origin: string, coach: Account): Promise<string> {
  const copied = await postJson(
    origin,
    '/api/tagging/templates/copy',
    { readyMade: 'basketball' },
    coach.cookie,
  );
  if (copied.status !== 201) throw new Error(`copying a template answered ${copied.status}`);
  return ((await copied.json()) as { id: string }).id;
}

async function pacedStats(
  server: LoadServer,
  coach: Account,
  path: string,
  what: string,
  expectedTotal: number,
): Promise<Row> {
  const headers = { cookie: coach.cookie };
  const probe = await fetch(`${server.origin}${path}`, { headers });
  const body = (await probe.json()) as { total?: number; ratios?: { name: string }[] };
  if (probe.status !== 200 || body.total !== expectedTotal || !body.ratios?.length) {
    throw new Error(`${path} answered ${probe.status} with ${body.total} events`);
  }
  // The first requests pay for JIT compilation and opening database connections.
  for (let warm = 0; warm < 10; warm += 1)
    await (await fetch(`${server.origin}${path}`, { headers })).text();
  const paced = await measurePacedLoad(server.pid, {
    origin: server.origin,
    ...PACED,
    request: () => ({ path, headers }),
  });
  return {
    measure: `${what}, paced at ${PACED.rate} req/s × ${PACED.durationSeconds} s: p99`,
    value: `${paced.latencyMs.p99} ms`,
    note: `goal < 100 ms; ${pacedText(paced)}`,
  };
}

/**
 * A Sportscode file as another tool writes it: instances with a code, in and out, and labels
 * (a player by shirt number, a result), built by hand from the format's description.
 */
function sportscodeFile(instances: number): string {
  const parts = ['<?xml version="1.0" encoding="utf-8"?>\n<file>\n  <ALL_INSTANCES>\n'];
  for (let index = 0; index < instances; index += 1) {
    const start = (index * (GAME_SECONDS - 10)) / instances;
    parts.push(
      `    <instance>\n      <ID>${index + 1}</ID>\n      <start>${start.toFixed(2)}</start>\n      <end>${(start + 8).toFixed(2)}</end>\n      <code>${CODES[index % CODES.length]}</code>\n`,
      `      <label>\n        <group>Player</group>\n        <text>#${(index % ROSTER) + 1}</text>\n      </label>\n`,
      `      <label>\n        <group>Result</group>\n        <text>${index % 2 ? 'Made' : 'Missed'}</text>\n      </label>\n    </instance>\n`,
    );
  }
  parts.push('  </ALL_INSTANCES>\n</file>\n');
  return parts.join('');
}

/** The import, once onto each of a few fresh games: the median and the slowest. */
async function importRow(server: LoadServer, coach: Account, targets: string[]): Promise<Row> {
  const xml = sportscodeFile(IMPORT_INSTANCES);
  const timings: number[] = [];
  for (const videoId of targets) {
    const started = performance.now();
    const response = await postJson(
      server.origin,
      `/api/videos/${videoId}/tag-events/import`,
      { xml },
      coach.cookie,
    );
    const elapsed = performance.now() - started;
    const answer = (await response.json()) as { imported?: number; message?: string };
    if (response.status !== 201 || answer.imported !== IMPORT_INSTANCES) {
      throw new Error(`the import answered ${response.status}: ${answer.message}`);
    }
    timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)]!;
  return {
    measure: `POST /api/videos/:id/tag-events/import (${IMPORT_INSTANCES.toLocaleString('en-US')} instances, ${(Buffer.byteLength(xml) / 1024).toFixed(0)} KiB of XML): median of ${timings.length}`,
    value: `${(median / 1000).toFixed(2)} s`,
    note: `goal < 2 s; slowest ${(timings.at(-1)! / 1000).toFixed(2)} s; players found by shirt number`,
  };
}
