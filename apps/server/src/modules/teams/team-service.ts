import type { createTeamBodySchema, Team, updateTeamBodySchema } from '@filmroom/contract';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import {
  coachStudents,
  teamMembers,
  teams,
  teamVideoShares,
  users,
  type TeamRow,
  type UserRow,
} from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { endAccess } from '../users';
import { acceptedTeamMembers, listTeamMemberIds, requireAccess, teamsReaching } from '../access';
import { type VideoEvents } from '../events';

type NewTeam = z.output<typeof createTeamBodySchema>;
type TeamChanges = z.output<typeof updateTeamBodySchema>;

/**
 * A coach's teams: they make them, name them and choose who is on them from their roster.
 * Members (athletes whose roster link is accepted) see their teams and teammates' names; a
 * member may leave. A team nobody may know of is "not found"; one they may see but not change
 * is "forbidden".
 */
export class TeamService {
  constructor(
    private readonly db: Database,
    private readonly events: VideoEvents,
  ) {}

  /** The coach's own teams, then those the user is on; each once. */
  async list(user: UserRow): Promise<Team[]> {
    const rows = await this.db
      .select()
      .from(teams)
      .where(or(eq(teams.coachId, user.id), inArray(teams.id, teamsReaching(this.db, user))))
      .orderBy(asc(teams.name), asc(teams.id));
    return this.views(user, rows);
  }

  async get(user: UserRow, teamId: string): Promise<Team> {
    const team = await requireAccess(this.db, user, 'team.read', teamId);
    return (await this.views(user, [team]))[0]!;
  }

  async create(user: UserRow, changes: NewTeam): Promise<Team> {
    if (!user.isCoach) throw forbidden('Only coaches can create teams');
    const [team] = await this.db
      .insert(teams)
      .values({
        coachId: user.id,
        name: changes.name,
        sport: changes.sport,
        primaryColor: changes.primaryColor ?? null,
        secondaryColor: changes.secondaryColor ?? null,
      })
      .returning();
    return (await this.views(user, [team!]))[0]!;
  }

  async update(user: UserRow, teamId: string, changes: TeamChanges): Promise<Team> {
    await requireAccess(this.db, user, 'team.manage', teamId);
    const set: Partial<typeof teams.$inferInsert> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.sport !== undefined) set.sport = changes.sport;
    if (changes.primaryColor !== undefined) set.primaryColor = changes.primaryColor;
    if (changes.secondaryColor !== undefined) set.secondaryColor = changes.secondaryColor;
    if (Object.keys(set).length > 0) {
      await this.db.update(teams).set(set).where(eq(teams.id, teamId));
    }
    return this.get(user, teamId);
  }

  /** Removes the team; its members lose what was shared with it at once. */
  async delete(user: UserRow, teamId: string): Promise<void> {
    await requireAccess(this.db, user, 'team.manage', teamId);
    const members = await listTeamMemberIds(this.db, teamId);
    await this.db.delete(teams).where(eq(teams.id, teamId));
    await endAccess(
      this.events,
      this.db.$client,
      members.map((userId) => ({ userId })),
    );
  }

  /** Puts an athlete of the coach's roster, who accepted, on the team. */
  async addMember(user: UserRow, teamId: string, athleteId: string): Promise<Team> {
    await requireAccess(this.db, user, 'team.manage', teamId);
    const [link] = await this.db
      .select({ id: coachStudents.id })
      .from(coachStudents)
      .where(
        and(
          eq(coachStudents.coachId, user.id),
          eq(coachStudents.studentId, athleteId),
          eq(coachStudents.status, 'accepted'),
        ),
      );
    if (!link) {
      throw badRequest(
        'athleteId: only athletes on your roster who accepted your invitation can join a team',
      );
    }
    await this.db.insert(teamMembers).values({ teamId, userId: athleteId }).onConflictDoNothing();
    return this.get(user, teamId);
  }

  /**
   * Takes an athlete off the team: the coach removes anyone, a member may leave. Whatever the
   * team gave them ends at once (open pages, media downloads, remembered access).
   */
  async removeMember(user: UserRow, teamId: string, athleteId: string): Promise<void> {
    // Leaving needs only to be on the team; taking someone else off is the coach's.
    const permission = athleteId === user.id ? 'team.read' : 'team.member.remove';
    await requireAccess(this.db, user, permission, teamId);
    const removed = await this.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, athleteId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw notFound('That athlete is not on the team');
    await endAccess(this.events, this.db.$client, [{ userId: athleteId }]);
  }

  private async views(user: UserRow, rows: TeamRow[]): Promise<Team[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((team) => team.id);
    const members = acceptedTeamMembers(this.db);
    const [onTeams, videoCounts, coaches] = await Promise.all([
      this.db
        .select({
          teamId: members.teamId,
          id: users.id,
          // The coach's own name for the athlete, where they gave one; teammates see the account's.
          coachName: sql<string>`coalesce(${members.displayName}, ${users.name})`,
          name: users.name,
          username: users.username,
        })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(inArray(members.teamId, ids))
        .orderBy(asc(users.name), asc(users.id)),
      this.db
        .select({ teamId: teamVideoShares.teamId, videos: count() })
        .from(teamVideoShares)
        .where(inArray(teamVideoShares.teamId, ids))
        .groupBy(teamVideoShares.teamId),
      this.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((team) => team.coachId))])),
    ]);
    return rows.map((team) => {
      const mine = team.coachId === user.id;
      return {
        id: team.id,
        name: team.name,
        sport: team.sport,
        primaryColor: team.primaryColor,
        secondaryColor: team.secondaryColor,
        coach: {
          id: team.coachId,
          name: coaches.find((coach) => coach.id === team.coachId)?.name ?? '',
        },
        isMine: mine,
        members: onTeams
          .filter((member) => member.teamId === team.id)
          .map((member) => ({
            id: member.id,
            name: mine ? member.coachName : member.name,
            username: mine ? member.username : null,
          })),
        videoCount: videoCounts.find((counted) => counted.teamId === team.id)?.videos ?? 0,
        createdAt: team.createdAt.toISOString(),
      };
    });
  }
}
