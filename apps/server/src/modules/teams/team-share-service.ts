import type { AccessLevel, TeamShare } from '@filmroom/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { teamPlaylistShares, teams, teamVideoShares, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { Notifier } from '../notifications';
import { endAccess } from '../users';
import { listTeamMemberIds, requireAccess } from '../access';
import { VideoEvents } from '../events';

type SharedTeam = { id: string; name: string };

/**
 * Sharing videos and playlists with a team. A video: whoever may edit it shares it with a team
 * of their own, at view or edit level, sees its team shares and removes them. A playlist: its
 * owner shares it with a team of theirs (view level, as every playlist share). Members are
 * reached while they are members (see video-access.ts and clip-access.ts).
 */
export class TeamShareService {
  constructor(
    private readonly db: Database,
    private readonly events: VideoEvents,
    private readonly notifier: Notifier,
  ) {}

  async listForVideo(user: UserRow, videoId: string): Promise<TeamShare[]> {
    await requireAccess(this.db, user, 'video.share', videoId);
    const rows = await this.db
      .select({ share: teamVideoShares, team: { id: teams.id, name: teams.name } })
      .from(teamVideoShares)
      .innerJoin(teams, eq(teams.id, teamVideoShares.teamId))
      .where(eq(teamVideoShares.videoId, videoId))
      .orderBy(asc(teams.name), asc(teams.id));
    return Promise.all(rows.map((row) => this.view(row.share.id, row.team, row.share.accessLevel)));
  }

  /**
   * Shares the video with the team, or changes the level of its share. The one place a team
   * share is made: whatever should follow one (telling the members) belongs here.
   */
  async shareVideo(
    user: UserRow,
    videoId: string,
    { teamId, accessLevel }: { teamId: string; accessLevel: AccessLevel },
  ): Promise<{ share: TeamShare; created: boolean }> {
    await requireAccess(this.db, user, 'video.share', videoId);
    const team = await this.requireOwnTeam(user, teamId);
    const [added] = await this.db
      .insert(teamVideoShares)
      .values({ teamId, videoId, accessLevel, sharedById: user.id })
      .onConflictDoNothing({ target: [teamVideoShares.teamId, teamVideoShares.videoId] })
      .returning();
    if (added) {
      await this.notifier.videoShared(user.id, videoId, await listTeamMemberIds(this.db, teamId));
      return { share: await this.view(added.id, team, accessLevel), created: true };
    }
    const [changed] = await this.db
      .update(teamVideoShares)
      .set({ accessLevel })
      .where(and(eq(teamVideoShares.teamId, teamId), eq(teamVideoShares.videoId, videoId)))
      .returning();
    if (accessLevel === 'view') await this.endAccessOfMembers(teamId);
    return { share: await this.view(changed!.id, team, accessLevel), created: false };
  }

  async removeFromVideo(user: UserRow, videoId: string, teamShareId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.share', videoId);
    const removed = await this.db
      .delete(teamVideoShares)
      .where(and(eq(teamVideoShares.id, teamShareId), eq(teamVideoShares.videoId, videoId)))
      .returning({ teamId: teamVideoShares.teamId });
    if (removed.length === 0) throw notFound('Team share not found');
    await this.endAccessOfMembers(removed[0]!.teamId);
  }

  async listForPlaylist(user: UserRow, playlistId: string): Promise<TeamShare[]> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const rows = await this.db
      .select({ id: teamPlaylistShares.id, team: { id: teams.id, name: teams.name } })
      .from(teamPlaylistShares)
      .innerJoin(teams, eq(teams.id, teamPlaylistShares.teamId))
      .where(eq(teamPlaylistShares.playlistId, playlistId))
      .orderBy(asc(teams.name), asc(teams.id));
    return Promise.all(rows.map((row) => this.view(row.id, row.team, 'view')));
  }

  async sharePlaylist(
    user: UserRow,
    playlistId: string,
    teamId: string,
  ): Promise<{ share: TeamShare; created: boolean }> {
    await requireAccess(this.db, user, 'playlist.share', playlistId);
    const team = await this.requireOwnTeam(user, teamId);
    const [added] = await this.db
      .insert(teamPlaylistShares)
      .values({ teamId, playlistId, sharedById: user.id })
      .onConflictDoNothing({ target: [teamPlaylistShares.teamId, teamPlaylistShares.playlistId] })
      .returning();
    const [share] = added
      ? [added]
      : await this.db
          .select()
          .from(teamPlaylistShares)
          .where(
            and(
              eq(teamPlaylistShares.teamId, teamId),
              eq(teamPlaylistShares.playlistId, playlistId),
            ),
          );
    // Members' open Playlists pages hear of it, and list the playlist at once.
    if (added) {
      await VideoEvents.publishPlaylistsChanged(this.db.$client, [playlistId]);
      await this.notifier.playlistShared(
        user.id,
        playlistId,
        await listTeamMemberIds(this.db, teamId),
      );
    }
    return { share: await this.view(share!.id, team, 'view'), created: added !== undefined };
  }

  async removeFromPlaylist(user: UserRow, playlistId: string, teamShareId: string): Promise<void> {
    await requireAccess(this.db, user, 'playlist.edit', playlistId);
    const removed = await this.db
      .delete(teamPlaylistShares)
      .where(
        and(eq(teamPlaylistShares.id, teamShareId), eq(teamPlaylistShares.playlistId, playlistId)),
      )
      .returning({ teamId: teamPlaylistShares.teamId });
    if (removed.length === 0) throw notFound('Team share not found');
    await this.endAccessOfMembers(removed[0]!.teamId);
  }

  private async endAccessOfMembers(teamId: string) {
    const members = await listTeamMemberIds(this.db, teamId);
    await endAccess(
      this.events,
      this.db.$client,
      members.map((userId) => ({ userId })),
    );
  }

  private async view(id: string, team: SharedTeam, accessLevel: AccessLevel): Promise<TeamShare> {
    const members = await listTeamMemberIds(this.db, team.id);
    return { id, team, accessLevel, memberCount: members.length };
  }

  /** A team of the user's own: a member may see it but not share with it. */
  private async requireOwnTeam(user: UserRow, teamId: string): Promise<SharedTeam> {
    const team = await requireAccess(this.db, user, 'team.share', teamId);
    return { id: team.id, name: team.name };
  }
}
