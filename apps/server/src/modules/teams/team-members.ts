import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { coachStudents, teamMembers, teams } from '../../db/schema';

/**
 * The accounts a team reaches now: its members whose roster link with the team's coach is
 * accepted. Whoever tells a team of something (a video shared with it) tells these.
 */
export async function listTeamMemberIds(db: Database, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
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
    .where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}
