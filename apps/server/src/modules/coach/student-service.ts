import type { Student } from '@filmroom/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { coachStudents, users, type UserRow } from '../../db/schema';

export class StudentService {
  constructor(private readonly db: Database) {}

  /**
   * A coach's athletes who accepted, named as on their Athletes page; athletes keep no roster,
   * so theirs is empty. Invitations still waiting are not athletes yet (nor theirs to name).
   */
  async listFor(user: UserRow): Promise<Student[]> {
    if (!user.isCoach) return [];
    const name = sql<string>`coalesce(${coachStudents.displayName}, ${users.name})`;
    return this.db
      .select({ id: users.id, name, username: users.username })
      .from(coachStudents)
      .innerJoin(users, eq(users.id, coachStudents.studentId))
      .where(and(eq(coachStudents.coachId, user.id), eq(coachStudents.status, 'accepted')))
      .orderBy(asc(name));
  }
}
