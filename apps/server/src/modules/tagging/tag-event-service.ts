import {
  PLAYLIST_MAX_CLIPS,
  TAG_EVENTS_PER_VIDEO_MAX,
  TAG_SEASON_EVENTS_SHOWN,
  matchesFilter,
  type TagEvent,
  type TagEventChanged,
  type TagEventFilter,
  type TagPlayer,
  type TagRatio,
  type TagSeasonEvents,
  type TagStats,
  type createTagEventBodySchema,
  type tagPlaylistBodySchema,
  type tagSeasonPlaylistBodySchema,
  type updateTagEventBodySchema,
} from '@filmroom/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import {
  coachStudents,
  tagEvents,
  users,
  videos,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { makePlaylistOfRanges } from '../clips';
import { requireAccess, requireAccessToEach } from '../access';
import { captionOf, clipWindowOf } from './clip-window';
import { PERIOD_GROUP, PLAYER_GROUP, parseSportscodeXml, toSportscodeXml } from './sportscode-xml';
import { toTagEventsCsv } from './tag-events-csv';
import { tagRatiosOf } from './tag-ratios';
import { tagFilterCondition } from './tag-filter-sql';
import { tagStatsOf, type CountedGroup, type StatsColumns } from './tag-stats';

type NewTagEvent = z.output<typeof createTagEventBodySchema>;
type TagEventChange = z.output<typeof updateTagEventBodySchema>;
type TagPlaylistRequest = z.output<typeof tagPlaylistBodySchema>;
type TagSeasonPlaylistRequest = z.output<typeof tagSeasonPlaylistBodySchema>;

/** Tells open pages of the video that its events changed (the event stream's `tag-event`). */
type TagEventAnnouncer = (event: TagEventChanged) => Promise<void>;

// The browser's idea of a video's length can run a frame or two past ffprobe's (as for clips).
const END_TOLERANCE_SECONDS = 0.1;
const DEFAULT_COLOUR = '#8b8d98';

const players = alias(users, 'player');
const authors = alias(users, 'author');

/**
 * Tagged events of a video: whoever may view the video reads them (an athlete finds their own
 * with `mine`), only its owner and editors tag, change and delete. A player is an athlete of
 * the video owner's roster who accepted.
 */
export class TagEventService {
  constructor(
    private readonly db: Database,
    private readonly announce: TagEventAnnouncer,
  ) {}

  async list(
    user: UserRow,
    videoId: string,
    filter: TagEventFilter & { mine?: boolean },
  ): Promise<TagEvent[]> {
    const { video } = await requireAccess(this.db, user, 'video.read', videoId);
    const events = await this.eventsOf([video.id]);
    return events.filter(
      (event) => matchesFilter(event, filter) && (!filter.mine || event.playerId === user.id),
    );
  }

  async create(user: UserRow, videoId: string, input: NewTagEvent): Promise<TagEvent> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    requireInVideo(video, input.start, input.end);
    if (input.playerId) await this.requireRosterPlayer(video, input.playerId);
    const [{ count } = { count: 0 }] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tagEvents)
      .where(eq(tagEvents.videoId, videoId));
    if (count >= TAG_EVENTS_PER_VIDEO_MAX) {
      throw conflict(`A video holds at most ${TAG_EVENTS_PER_VIDEO_MAX} tagged events`);
    }
    const [row] = await this.db
      .insert(tagEvents)
      .values({
        videoId,
        authorId: user.id,
        code: input.code,
        colour: input.colour ?? DEFAULT_COLOUR,
        startTime: input.start,
        endTime: input.end,
        leadSeconds: input.leadSeconds,
        lagSeconds: input.lagSeconds,
        labels: input.labels,
        playerId: input.playerId,
        period: input.period,
      })
      .returning();
    await this.announce({ videoId, change: 'created', eventId: row!.id });
    return this.one(video, row!.id);
  }

  async update(
    user: UserRow,
    videoId: string,
    eventId: string,
    change: TagEventChange,
  ): Promise<TagEvent> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    const current = await this.one(video, eventId);
    const start = change.start ?? current.start;
    const end = change.end ?? current.end;
    if (end < start) throw badRequest('end must not be before start');
    requireInVideo(video, start, end);
    if (change.playerId) await this.requireRosterPlayer(video, change.playerId);
    // Only what the change names is written: two coaches labelling and naming the player of
    // the same event at once both keep their change.
    await this.db
      .update(tagEvents)
      .set({
        code: change.code,
        startTime: change.start,
        endTime: change.end,
        labels: change.labels,
        playerId: change.playerId,
        period: change.period,
        updatedAt: new Date(),
      })
      .where(eq(tagEvents.id, eventId));
    await this.announce({ videoId, change: 'updated', eventId });
    return this.one(video, eventId);
  }

  async delete(user: UserRow, videoId: string, eventId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    const removed = await this.db
      .delete(tagEvents)
      .where(and(eq(tagEvents.id, eventId), eq(tagEvents.videoId, videoId)))
      .returning({ id: tagEvents.id });
    if (removed.length === 0) throw notFound('Tagged event not found');
    await this.announce({ videoId, change: 'deleted', eventId });
  }

  async stats(
    user: UserRow,
    videoId: string,
    query: TagEventFilter & { by: StatsColumns },
    ratios: readonly TagRatio[],
  ): Promise<TagStats> {
    return this.seasonStats(user, [videoId], query, ratios);
  }

  /**
   * The matrix over several games (the season view), each of which the asker may view: one
   * they may not, or that does not exist, refuses the whole view and names it.
   */
  async seasonStats(
    user: UserRow,
    videoIds: readonly string[],
    query: TagEventFilter & { by: StatsColumns },
    ratios: readonly TagRatio[],
  ): Promise<TagStats> {
    await requireAccessToEach(this.db, user, 'video.read', videoIds);
    const groups = await this.countedGroupsOf(videoIds, query);
    return {
      ...tagStatsOf(groups, query.by),
      ratios: tagRatiosOf(groups, ratios, query.by),
      videoIds: [...videoIds],
    };
  }

  /**
   * The events a filter picks over several games (a season cell opened): the first
   * `TAG_SEASON_EVENTS_SHOWN` in the order the games were named, each in timeline order, and
   * how many there are in all. Each names its video, so it plays in its own game.
   */
  async seasonEvents(
    user: UserRow,
    videoIds: readonly string[],
    filter: TagEventFilter,
  ): Promise<TagSeasonEvents> {
    await requireAccessToEach(this.db, user, 'video.read', videoIds);
    const { events, total } = await this.eventsWhere(
      videoIds,
      tagFilterCondition(filter),
      TAG_SEASON_EVENTS_SHOWN,
    );
    return { events, total };
  }

  /** A playlist of the asker's with one clip per event picked, in timeline order, captioned. */
  async playlist(user: UserRow, videoId: string, request: TagPlaylistRequest) {
    const { video } = await requireAccess(this.db, user, 'video.read', videoId);
    const named = request.eventIds ? new Set(request.eventIds) : null;
    const picked = (await this.list(user, videoId, request.filter)).filter(
      (event) => !named || named.has(event.id),
    );
    return this.playlistOfEvents(user, request.title, picked, new Map([[videoId, video]]));
  }

  /**
   * One playlist of every event a season cell's filter picks across the games, in the order
   * the games are named, each in timeline order: the games must all be ones the asker may
   * view (the rule for making clips), one that is not refuses all and is named.
   */
  async seasonPlaylist(user: UserRow, request: TagSeasonPlaylistRequest) {
    const access = await requireAccessToEach(this.db, user, 'video.read', request.videoIds);
    const games = new Map([...access].map(([id, { video }]) => [id, video]));
    const { events } = await this.eventsWhere(
      request.videoIds,
      tagFilterCondition(request.filter),
      // One past the most a playlist holds, so that too many is refused rather than cut short.
      PLAYLIST_MAX_CLIPS + 1,
    );
    return this.playlistOfEvents(user, request.title, events, games);
  }

  /** The one way events become film: a clip per event, from in minus lead to out plus lag. */
  private async playlistOfEvents(
    user: UserRow,
    title: string,
    events: readonly TagEvent[],
    games: ReadonlyMap<string, VideoRow>,
  ) {
    return makePlaylistOfRanges(
      this.db,
      user,
      title,
      events.map((event) => ({
        videoId: event.videoId,
        title: captionOf(event),
        ...clipWindowOf(event, games.get(event.videoId)?.duration ?? 0),
      })),
    );
  }

  async csv(user: UserRow, videoId: string): Promise<string> {
    const { video } = await requireAccess(this.db, user, 'video.read', videoId);
    return toTagEventsCsv(await this.eventsOf([video.id]), (event) =>
      clipWindowOf(event, video.duration ?? event.end),
    );
  }

  async sportscodeXml(user: UserRow, videoId: string): Promise<string> {
    const { video } = await requireAccess(this.db, user, 'video.read', videoId);
    return toSportscodeXml(await this.eventsOf([video.id]), (event) => ({
      start: Math.max(0, event.start - event.leadSeconds),
      end: Math.min(video.duration ?? Infinity, event.end + event.lagSeconds),
    }));
  }

  /**
   * Adds a Sportscode file's instances to the video's events, all or none. A "Player" label
   * naming a roster athlete's shirt number (or name) becomes the event's player, a "Period"
   * label its period; other labels stay labels.
   */
  async importSportscode(user: UserRow, videoId: string, xml: string): Promise<number> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    const instances = await parseSportscodeXml(xml);
    for (const instance of instances) requireInVideo(video, instance.start, instance.end);
    const roster = await this.roster(video);
    const rows = instances.map((instance) => {
      const playerLabel = instance.labels.find((label) => label.group === PLAYER_GROUP);
      const player = playerLabel && findPlayer(roster, playerLabel.text);
      const period = instance.labels.find((label) => label.group === PERIOD_GROUP)?.text ?? null;
      return {
        videoId,
        authorId: user.id,
        code: instance.code,
        colour: instance.colour ?? DEFAULT_COLOUR,
        startTime: Math.min(instance.start, video.duration ?? instance.start),
        endTime: Math.min(instance.end, video.duration ?? instance.end),
        labels: instance.labels.filter(
          (label) => label.group !== PERIOD_GROUP && !(player && label === playerLabel),
        ),
        playerId: player?.id ?? null,
        period,
      };
    });
    await this.db.transaction(async (tx) => {
      // One import at a time per video, so two cannot together pass the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${videoId}))`);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(tagEvents)
        .where(eq(tagEvents.videoId, videoId));
      if (count + rows.length > TAG_EVENTS_PER_VIDEO_MAX) {
        throw badRequest(
          `A video holds at most ${TAG_EVENTS_PER_VIDEO_MAX} tagged events: it has ${count}, the file ${rows.length}`,
        );
      }
      // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
      for (let at = 0; at < rows.length; at += 1000) {
        await tx.insert(tagEvents).values(rows.slice(at, at + 1000));
      }
    });
    if (rows.length > 0) await this.announce({ videoId, change: 'imported', eventId: null });
    return rows.length;
  }

  /** Who may be tagged on the video: its owner's roster athletes who accepted. */
  async players(user: UserRow, videoId: string): Promise<TagPlayer[]> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    return this.roster(video);
  }

  private async roster(video: VideoRow): Promise<TagPlayer[]> {
    const rows = await this.db
      .select({
        id: users.id,
        name: sql<string>`coalesce(${coachStudents.displayName}, ${users.name})`,
        number: users.playerNumber,
      })
      .from(coachStudents)
      .innerJoin(users, eq(users.id, coachStudents.studentId))
      .where(and(eq(coachStudents.coachId, video.ownerId), eq(coachStudents.status, 'accepted')))
      .orderBy(asc(users.playerNumber), asc(users.name));
    return rows;
  }

  private async requireRosterPlayer(video: VideoRow, playerId: string): Promise<void> {
    const roster = await this.roster(video);
    if (!roster.some((player) => player.id === playerId)) {
      throw badRequest('playerId must name an athlete of the video owner’s roster');
    }
  }

  private async one(video: VideoRow, eventId: string): Promise<TagEvent> {
    const [event] = await this.eventsOf([video.id], eventId);
    if (!event) throw notFound('Tagged event not found');
    return event;
  }

  /**
   * What the stats count, counted by PostgreSQL: the filtered events grouped by type, colour,
   * player and labels (a season's 15,000 events are a few hundred groups). A hash of the groups
   * and no ordered aggregate: the row's colour (its first event's) is picked in code from each
   * group's earliest in, as sorting 15,000 rows by their labels took ten times as long.
   */
  private async countedGroupsOf(
    videoIds: readonly string[],
    filter: TagEventFilter,
  ): Promise<CountedGroup[]> {
    const groups = await this.db
      .select({
        code: tagEvents.code,
        colour: tagEvents.colour,
        playerId: tagEvents.playerId,
        labels: tagEvents.labels,
        count: sql<number>`count(*)::int`,
        firstStart: sql<number>`min(${tagEvents.startTime})`,
      })
      .from(tagEvents)
      .where(and(inArray(tagEvents.videoId, [...videoIds]), tagFilterCondition(filter)))
      .groupBy(tagEvents.code, tagEvents.colour, tagEvents.playerId, tagEvents.labels);
    const names = await this.playerNames(
      videoIds,
      groups.flatMap((group) => group.playerId ?? []),
    );
    return groups.map((group) => {
      const player = group.playerId ? names.get(group.playerId) : undefined;
      return { ...group, playerName: player?.name ?? null, playerNumber: player?.number ?? null };
    });
  }

  /**
   * The players counted (a roster's dozen), named as the videos' owner's roster has them: asked
   * of the players alone rather than joined onto every event.
   */
  private async playerNames(
    videoIds: readonly string[],
    playerIds: readonly string[],
  ): Promise<Map<string, { name: string; number: number | null }>> {
    if (playerIds.length === 0) return new Map();
    const owners = this.db
      .select({ id: videos.ownerId })
      .from(videos)
      .where(inArray(videos.id, [...videoIds]));
    const named = await this.db
      .selectDistinctOn([users.id], {
        id: users.id,
        name: sql<string>`coalesce(${coachStudents.displayName}, ${users.name})`,
        number: users.playerNumber,
      })
      .from(users)
      .leftJoin(
        coachStudents,
        and(eq(coachStudents.studentId, users.id), inArray(coachStudents.coachId, owners)),
      )
      .where(inArray(users.id, [...new Set(playerIds)]))
      .orderBy(users.id, sql`${coachStudents.displayName} nulls last`);
    return new Map(named.map((player) => [player.id, player]));
  }

  /**
   * The videos' events in timeline order (or the one named), with players named as each
   * video owner's roster has them.
   */
  private async eventsOf(videoIds: readonly string[], eventId?: string): Promise<TagEvent[]> {
    const condition = eventId ? eq(tagEvents.id, eventId) : undefined;
    return (await this.eventsWhere(videoIds, condition)).events;
  }

  /**
   * The videos' events that meet the condition, in the order the videos are named and each
   * in timeline order, the first `limit` of them, and how many meet it in all.
   */
  private async eventsWhere(
    videoIds: readonly string[],
    condition: SQL | undefined,
    limit?: number,
  ): Promise<{ events: TagEvent[]; total: number }> {
    const videoOrder = sql`array_position(${sql.param([...videoIds])}::uuid[], ${tagEvents.videoId})`;
    const query = this.db
      .select({
        event: tagEvents,
        authorName: authors.name,
        playerName: sql<string | null>`coalesce(${coachStudents.displayName}, ${players.name})`,
        playerNumber: players.playerNumber,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(tagEvents)
      .innerJoin(videos, eq(videos.id, tagEvents.videoId))
      .leftJoin(authors, eq(authors.id, tagEvents.authorId))
      .leftJoin(players, eq(players.id, tagEvents.playerId))
      .leftJoin(
        coachStudents,
        and(
          eq(coachStudents.coachId, videos.ownerId),
          eq(coachStudents.studentId, tagEvents.playerId),
        ),
      )
      .where(and(inArray(tagEvents.videoId, [...videoIds]), condition))
      .orderBy(videoOrder, asc(tagEvents.startTime), asc(tagEvents.createdAt));
    const rows = await (limit === undefined ? query : query.limit(limit));
    const events = rows.map(({ event, authorName, playerName, playerNumber }) => ({
      id: event.id,
      videoId: event.videoId,
      code: event.code,
      colour: event.colour,
      start: event.startTime,
      end: event.endTime,
      leadSeconds: event.leadSeconds,
      lagSeconds: event.lagSeconds,
      labels: event.labels,
      playerId: event.playerId,
      playerName: event.playerId ? playerName : null,
      playerNumber: event.playerId ? playerNumber : null,
      period: event.period,
      authorName,
      createdAt: event.createdAt.toISOString(),
    }));
    return { events, total: rows[0]?.total ?? 0 };
  }
}

/** The range must lie in the video, which must be ready (its length is known then). */
function requireInVideo(video: VideoRow, start: number, end: number): void {
  if (video.status !== 'ready' || video.duration === null) {
    throw conflict('The video is still being prepared: tag it once it is ready');
  }
  if (
    start > video.duration + END_TOLERANCE_SECONDS ||
    end > video.duration + END_TOLERANCE_SECONDS
  ) {
    throw badRequest(
      `The event is outside the video: it must end by ${video.duration.toFixed(2)} seconds`,
    );
  }
}

/** The roster athlete a "Player" label names: "#23 Jordan", "23" or the name alone. */
function findPlayer(roster: readonly TagPlayer[], text: string): TagPlayer | undefined {
  const number = /^#?(\d+)\b/.exec(text.trim())?.[1];
  if (number !== undefined) return roster.find((player) => player.number === Number(number));
  const name = text.trim().toLowerCase();
  return roster.find((player) => player.name.toLowerCase() === name);
}
