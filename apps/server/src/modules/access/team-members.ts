import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { coachStudents, teamMembers, teams } from '../../db/schema';

/**
 * The one query for who is on a team now: its members whose roster link with the team's coach
 * is accepted. Ending the roster link (by either side) takes an athlete off every team of that
 * coach at once, without touching `team_members`. A subquery: callers select from it, join
 * what they need and add their conditions. `displayName` is the coach's own name for the
 * athlete, where they gave one.
 */
export function acceptedTeamMembers(db: Database) {
  return db
    .select({
      teamId: teamMembers.teamId,
      userId: teamMembers.userId,
      displayName: coachStudents.displayName,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(
      coachStudents,
      and(
        eq(coachStudents.coachId, teams.coachId),
        eq(coachStudents.studentId, teamMembers.userId),
        eq(coachStudents.status, 'accepted'),
      ),
    )
    .as('accepted_team_members');
}

/** The accounts a team reaches now; whoever tells a team of something tells these. */
export async function listTeamMemberIds(db: Database, teamId: string): Promise<string[]> {
  const members = acceptedTeamMembers(db);
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(eq(members.teamId, teamId));
  return rows.map((row) => row.userId);
}
