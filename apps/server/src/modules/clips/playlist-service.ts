import {
  PLAYLIST_MAX_CLIPS,
  type Playlist,
  type PlaylistItem,
  type PlaylistShare,
  type PlaylistSummary,
} from '@filmroom/contract';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  clips,
  playlistItems,
  playlistShares,
  teamMembers,
  teamPlaylistShares,
  playlists,
  users,
  type PlaylistRow,
  type UserRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { Notifier } from '../notifications';
import { holdsPermission, playlistReaches, requireAccess } from '../access';
import { VideoEvents } from '../events';
import { playableItems } from './clip-ranges';
import type { ClipService } from './clip-service';

/**
 * Playlists: an owner's clips in the order they play. The owner alone changes a playlist and
 * shares it (at view level, by address); whoever it is shared with plays its clips' ranges and
 * nothing more of their videos. Only the owner's own clips go in. Each change is heard by
 * everyone who has the playlist open; whoever loses it by a delete or an unshare stops hearing
 * of it at once.
 */
export class PlaylistService {
  constructor(
    private readonly db: Database,
    private readonly clipService: ClipService,
    private readonly notifier: Notifier,
    private readonly events: VideoEvents,
  ) {}

  /** The user's playlists, then those shared with them; most recently changed first. */
  async list(user: UserRow): Promise<PlaylistSummary[]> {
    const rows = await this.db
      .select({
        playlist: playlists,
        ownerName: users.name,
        clipCount: sql<number>`(select count(*)::int from ${playlistItems} where ${playlistItems.playlistId} = ${playlists.id})`,
        totalSeconds: sql<number>`(select coalesce(sum(${clips.endTime} - ${clips.startTime}), 0)::float8 from ${playlistItems} join ${clips} on ${clips.id} = ${playlistItems.clipId} where ${playlistItems.playlistId} = ${playlists.id})`,
      })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(or(eq(playlists.ownerId, user.id), playlistReaches(this.db, user, playlists.id)))
      .orderBy(desc(playlists.updatedAt), asc(playlists.id));
    return rows
      .map((row) =>
        this.summary(row.playlist, user, row.ownerName, row.clipCount, row.totalSeconds),
      )
      .sort((a, b) => Number(b.mine) - Number(a.mine));
  }

  async create(user: UserRow, title: string, clipIds: readonly string[]): Promise<Playlist> {
    const unique = [...new Set(clipIds)];
    await this.requireOwnClips(user, unique);
    const playlist = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(playlists).values({ ownerId: user.id, title }).returning();
      if (unique.length > 0) {
        await tx
          .insert(playlistItems)
          .values(unique.map((clipId, position) => ({ playlistId: row!.id, clipId, position })));
      }
      return row!;
    });
    return this.view(user, playlist, true);
  }

  async get(user: UserRow, playlistId: string): Promise<Playlist> {
    const { playlist, mine } = await requireAccess(this.db, user, 'playlist.read', playlistId);
    return this.view(user, playlist, mine);
  }

  async rename(user: UserRow, playlistId: string, title: string): Promise<Playlist> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const [playlist] = await this.db
      .update(playlists)
      .set({ title, updatedAt: new Date() })
      .where(eq(playlists.id, playlistId))
      .returning();
    return this.changed(await this.view(user, playlist!, true));
  }

  /** Deletes the playlist; whoever it was shared with loses it (a gone playlist's own events reach nobody). */
  async delete(user: UserRow, playlistId: string): Promise<void> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const emails = await this.db
      .select({ email: playlistShares.sharedWithEmail })
      .from(playlistShares)
      .where(eq(playlistShares.playlistId, playlistId));
    const members = await this.db
      .selectDistinct({ id: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teamPlaylistShares, eq(teamPlaylistShares.teamId, teamMembers.teamId))
      .where(eq(teamPlaylistShares.playlistId, playlistId));
    await this.db.delete(playlists).where(eq(playlists.id, playlistId));
    await this.events.publishAccessEnded(this.db.$client, {
      emails: emails.map((row) => row.email),
      userIds: members.map((row) => row.id),
      videoIds: [],
    });
  }

  /** Puts the clip at the end of the playlist. */
  async addClip(user: UserRow, playlistId: string, clipId: string): Promise<Playlist> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    await this.requireOwnClips(user, [clipId]);
    // Into a playlist already shared, the clip is passed on with it: view means view.
    if (await this.isShared(playlistId)) await requireAccess(this.db, user, 'clip.share', clipId);
    await this.db.transaction(async (tx) => {
      // One change at a time per playlist, so two adds cannot take the same place.
      await tx.execute(
        sql`select 1 from ${playlists} where ${playlists.id} = ${playlistId} for update`,
      );
      const [{ count, last } = { count: 0, last: -1 }] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${playlistItems.position}), -1)::int`,
        })
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, playlistId));
      if (count >= PLAYLIST_MAX_CLIPS) {
        throw badRequest(`A playlist holds at most ${PLAYLIST_MAX_CLIPS} clips`);
      }
      const added = await tx
        .insert(playlistItems)
        .values({ playlistId, clipId, position: last + 1 })
        .onConflictDoNothing()
        .returning();
      if (added.length === 0) throw conflict('The clip is already in this playlist');
      await this.touch(tx, playlistId);
    });
    return this.changed(await this.get(user, playlistId));
  }

  async removeItem(user: UserRow, playlistId: string, itemId: string): Promise<Playlist> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const removed = await this.db
      .delete(playlistItems)
      .where(and(eq(playlistItems.id, itemId), eq(playlistItems.playlistId, playlistId)))
      .returning();
    if (removed.length === 0) throw notFound('Playlist item not found');
    await this.touch(this.db, playlistId);
    return this.changed(await this.get(user, playlistId));
  }

  /** Sets the playing order: `itemIds` names every item of the playlist once. */
  async reorder(user: UserRow, playlistId: string, itemIds: readonly string[]): Promise<Playlist> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ${playlists} where ${playlists.id} = ${playlistId} for update`,
      );
      const current = await tx
        .select({ id: playlistItems.id })
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, playlistId));
      const known = new Set(current.map((item) => item.id));
      if (
        new Set(itemIds).size !== itemIds.length ||
        itemIds.length !== known.size ||
        itemIds.some((id) => !known.has(id))
      ) {
        throw badRequest('itemIds must name every item of the playlist once');
      }
      for (const [position, id] of itemIds.entries()) {
        await tx.update(playlistItems).set({ position }).where(eq(playlistItems.id, id));
      }
      await this.touch(tx, playlistId);
    });
    return this.changed(await this.get(user, playlistId));
  }

  async share(
    user: UserRow,
    playlistId: string,
    email: string,
  ): Promise<{ share: PlaylistShare; created: boolean }> {
    await requireAccess(this.db, user, 'playlist.share', playlistId);
    if (email === user.username) throw badRequest('You cannot share a playlist with yourself');
    const [added] = await this.db
      .insert(playlistShares)
      .values({ playlistId, sharedWithEmail: email, sharedById: user.id })
      .onConflictDoNothing()
      .returning();
    if (added) await this.tellRecipient(user, playlistId, email);
    const shares = await this.shares(playlistId);
    const share = shares.find((listed) => listed.sharedWithEmail === email)!;
    // The person it is now shared with hears of it (their Playlists page lists it).
    await VideoEvents.publishPlaylistsChanged(this.db.$client, [playlistId]);
    return { share, created: added !== undefined };
  }

  /** The account behind the address hears of it (no account yet: nobody to ring). */
  private async tellRecipient(user: UserRow, playlistId: string, email: string) {
    const [recipient] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, email));
    if (recipient) await this.notifier.playlistShared(user.id, playlistId, [recipient.id]);
  }

  /** Stops sharing with one address, whose access ends at once. */
  async unshare(user: UserRow, playlistId: string, shareId: string): Promise<void> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const removed = await this.db
      .delete(playlistShares)
      .where(and(eq(playlistShares.id, shareId), eq(playlistShares.playlistId, playlistId)))
      .returning();
    if (removed.length === 0) throw notFound('Share not found');
    await this.events.publishAccessEnded(this.db.$client, {
      userIds: [],
      emails: [removed[0]!.sharedWithEmail],
      videoIds: [],
    });
  }

  /** The changed playlist, once everyone who has it open has been told to fetch it again. */
  private async changed(playlist: Playlist): Promise<Playlist> {
    await VideoEvents.publishPlaylistsChanged(this.db.$client, [playlist.id]);
    return playlist;
  }

  private async view(user: UserRow, playlist: PlaylistRow, mine: boolean): Promise<Playlist> {
    const rows = await playableItems(this.db, playlist.id);
    const seen = new Map<string, boolean>();
    const items: PlaylistItem[] = [];
    for (const [position, { item, clip, video }] of rows.entries()) {
      if (!seen.has(video.id)) {
        seen.set(video.id, mine || (await holdsPermission(this.db, user, 'video.read', video.id)));
      }
      const seesVideo = seen.get(video.id)!;
      items.push({
        id: item.id,
        position,
        clip: await this.clipService.detail(user, { clip, video, mine, seesVideo }),
      });
    }
    const [owner] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, playlist.ownerId));
    const totalSeconds = items.reduce((sum, item) => sum + item.clip.end - item.clip.start, 0);
    return {
      ...this.summary(playlist, user, owner?.name ?? 'Unknown', items.length, totalSeconds),
      items,
      removedClips: playlist.removedClips,
      shares: mine ? await this.shares(playlist.id) : [],
    };
  }

  private summary(
    playlist: PlaylistRow,
    user: UserRow,
    ownerName: string,
    clipCount: number,
    totalSeconds: number,
  ): PlaylistSummary {
    return {
      id: playlist.id,
      title: playlist.title,
      clipCount,
      totalSeconds,
      mine: playlist.ownerId === user.id,
      ownerName,
      updatedAt: playlist.updatedAt.toISOString(),
    };
  }

  private async shares(playlistId: string): Promise<PlaylistShare[]> {
    const rows = await this.db
      .select({ share: playlistShares, confirmedAt: users.emailConfirmedAt })
      .from(playlistShares)
      .leftJoin(users, eq(users.username, playlistShares.sharedWithEmail))
      .where(eq(playlistShares.playlistId, playlistId))
      .orderBy(asc(playlistShares.createdAt), asc(playlistShares.sharedWithEmail));
    return rows.map(({ share, confirmedAt }) => ({
      id: share.id,
      sharedWithEmail: share.sharedWithEmail,
      pending: confirmedAt == null,
    }));
  }

  /** Whether the playlist is shared, with an address or a team. */
  private async isShared(playlistId: string): Promise<boolean> {
    const [byAddress] = await this.db
      .select({ id: playlistShares.id })
      .from(playlistShares)
      .where(eq(playlistShares.playlistId, playlistId))
      .limit(1);
    const [byTeam] = await this.db
      .select({ id: teamPlaylistShares.id })
      .from(teamPlaylistShares)
      .where(eq(teamPlaylistShares.playlistId, playlistId))
      .limit(1);
    return byAddress !== undefined || byTeam !== undefined;
  }

  /** Every clip is one of the user's (an unknown one is "not found", as anyone else's). */
  private async requireOwnClips(user: UserRow, clipIds: readonly string[]): Promise<void> {
    if (clipIds.length === 0) return;
    const own = await this.db
      .select({ id: clips.id })
      .from(clips)
      .where(and(inArray(clips.id, [...clipIds]), eq(clips.ownerId, user.id)));
    if (own.length !== clipIds.length) throw notFound('Clip not found');
  }

  private async touch(db: Pick<Database, 'update'>, playlistId: string) {
    await db.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
  }
}
