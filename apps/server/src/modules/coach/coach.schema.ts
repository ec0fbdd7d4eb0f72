import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/** A coach's roster: removing a link leaves the athlete's account alone. */
export const coachStudents = pgTable(
  'coach_students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * What this coach calls the athlete, when it differs from the name on their account: a
     * coach edits their own list, never another person's account.
     */
    displayName: text('display_name'),
    /**
     * The athlete's answer: until `accepted` the coach sees only the address they typed (no
     * name, no photos, no face matching); `declined` stays so the coach learns the answer.
     */
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('coach_students_pair_unique').on(table.coachId, table.studentId),
    index('coach_students_student_id_idx').on(table.studentId),
  ],
);

export type CoachStudentRow = typeof coachStudents.$inferSelect;
