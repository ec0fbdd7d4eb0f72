import type {
  addStudentBodySchema,
  CoachStudentLink,
  updateStudentBodySchema,
} from '@filmroom/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { coachStudents, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { invitationMail, rosterNoticeMail, setPasswordLink } from '../../mail/messages';
import { NO_PASSWORD } from '../auth/password';
import { issuePasswordToken } from '../auth/password-tokens';
import { endAccess } from '../users/end-access';

type NewStudent = z.output<typeof addStudentBodySchema>;
type StudentChanges = z.output<typeof updateStudentBodySchema>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The name on the coach's card: theirs for the athlete, else the athlete's own. */
const shownName = sql<string>`coalesce(${coachStudents.displayName}, ${users.name})`;

const linkColumns = {
  id: coachStudents.id,
  studentId: coachStudents.studentId,
  name: shownName,
  username: users.username,
  accountName: users.name,
  passwordHash: users.passwordHash,
};

type LinkRow = {
  id: string;
  studentId: string;
  name: string;
  username: string;
  accountName: string;
  passwordHash: string;
};

const toLinkView = (row: LinkRow): CoachStudentLink => ({
  id: row.id,
  studentId: row.studentId,
  student: { name: row.name, username: row.username },
  invitationPending: row.passwordHash === NO_PASSWORD,
});

/** What an e-mail resolved to: an account, and whether this request made it (and must invite). */
type Enrolment = { student: UserRow; invitationToken: string | null };

/**
 * A coach's list of athletes. Adding an e-mail nobody uses makes an account with no password
 * and invites its owner to set one; an existing account is linked as it is and told by mail.
 * A coach changes only their own list: the name they see, and which account a card points at.
 */
export class RosterService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
  ) {}

  async list(coach: UserRow): Promise<CoachStudentLink[]> {
    requireCoach(coach);
    const rows = await this.db
      .select(linkColumns)
      .from(coachStudents)
      .innerJoin(users, eq(users.id, coachStudents.studentId))
      .where(eq(coachStudents.coachId, coach.id))
      .orderBy(asc(shownName), asc(users.username));
    return rows.map(toLinkView);
  }

  async add(coach: UserRow, body: NewStudent, origin: string): Promise<CoachStudentLink> {
    requireCoach(coach);
    refuseSelf(coach, body.email);
    const { linkId, enrolment } = await this.db.transaction(async (tx) => {
      const enrolment = await this.enrol(tx, body.email, body.name);
      const [link] = await tx
        .insert(coachStudents)
        .values({
          coachId: coach.id,
          studentId: enrolment.student.id,
          displayName: nameUnlessOwn(body.name, enrolment.student),
        })
        .onConflictDoNothing()
        .returning({ id: coachStudents.id });
      if (!link) throw conflict('This student is already on your list');
      return { linkId: link.id, enrolment };
    });
    await this.tell(coach, enrolment, origin);
    return this.find(coach, linkId);
  }

  /** A blank name or e-mail keeps the card's value; a new e-mail points the card at that account. */
  async update(
    coach: UserRow,
    studentId: string,
    changes: StudentChanges,
    origin: string,
  ): Promise<CoachStudentLink> {
    requireCoach(coach);
    const current = await this.findRow(coach, eq(coachStudents.studentId, studentId));
    const name = changes.name ?? current.name;
    const email = changes.email ?? current.username;
    if (email === current.username) {
      await this.db
        .update(coachStudents)
        .set({ displayName: nameUnlessOwn(name, { name: current.accountName }) })
        .where(eq(coachStudents.id, current.id));
      return this.find(coach, current.id);
    }

    // A corrected address is another person's account: the card moves to it, keeping its name.
    refuseSelf(coach, email);
    const enrolment = await this.db.transaction(async (tx) => {
      const enrolment = await this.enrol(tx, email, name);
      const [taken] = await tx
        .select({ id: coachStudents.id })
        .from(coachStudents)
        .where(
          and(
            eq(coachStudents.coachId, coach.id),
            eq(coachStudents.studentId, enrolment.student.id),
          ),
        );
      if (taken) throw conflict('This student is already on your list');
      await tx
        .update(coachStudents)
        .set({
          studentId: enrolment.student.id,
          displayName: nameUnlessOwn(name, enrolment.student),
        })
        .where(eq(coachStudents.id, current.id));
      return enrolment;
    });
    await this.tell(coach, enrolment, origin);
    return this.find(coach, current.id);
  }

  /** Takes the athlete off the list; their account, videos and profile stay. */
  async remove(coach: UserRow, studentId: string): Promise<void> {
    requireCoach(coach);
    const removed = await this.db
      .delete(coachStudents)
      .where(and(eq(coachStudents.coachId, coach.id), eq(coachStudents.studentId, studentId)))
      .returning({ id: coachStudents.id });
    if (removed.length === 0) throw notFound('Student not found');
    // Each saw the other's photos through the link.
    await endAccess(this.db.$client, [{ userId: studentId }, { userId: coach.id }]);
  }

  /** The account with this e-mail; made (with an invitation) when there is none. */
  private async enrol(
    tx: Transaction,
    email: string,
    name: string | undefined,
  ): Promise<Enrolment> {
    const [made] = await tx
      .insert(users)
      .values({
        username: email,
        passwordHash: NO_PASSWORD,
        name: name ?? email.split('@')[0]!,
        isCoach: false,
      })
      .onConflictDoNothing({ target: users.username })
      .returning();
    if (made) {
      return {
        student: made,
        invitationToken: await issuePasswordToken(tx, made.id, 'invitation'),
      };
    }
    const [existing] = await tx.select().from(users).where(eq(users.username, email));
    return { student: existing!, invitationToken: null };
  }

  /**
   * Mail after the change has committed. Only an account this coach's request created gets a
   * link that sets a password: an existing account, even one never opened, belongs to
   * someone else, so its owner hears the news and uses "Forgot your password?" if need be.
   */
  private async tell(coach: UserRow, { student, invitationToken }: Enrolment, origin: string) {
    const sender = { id: coach.id, name: coach.name };
    await this.mailer.send(
      invitationToken
        ? invitationMail({
            to: student.username,
            studentName: student.name,
            coach: sender,
            link: setPasswordLink(origin, invitationToken),
          })
        : rosterNoticeMail({ to: student.username, coach: sender, origin }),
    );
  }

  private async find(coach: UserRow, linkId: string): Promise<CoachStudentLink> {
    return toLinkView(await this.findRow(coach, eq(coachStudents.id, linkId)));
  }

  private async findRow(coach: UserRow, which: SQL): Promise<LinkRow> {
    const [row] = await this.db
      .select(linkColumns)
      .from(coachStudents)
      .innerJoin(users, eq(users.id, coachStudents.studentId))
      .where(and(eq(coachStudents.coachId, coach.id), which));
    if (!row) throw notFound('Student not found');
    return row;
  }
}

function requireCoach(user: UserRow) {
  if (!user.isCoach) throw forbidden('Only coaches keep a list of students');
}

function refuseSelf(coach: UserRow, email: string) {
  if (email === coach.username) throw badRequest('You cannot add yourself as a student');
}

/** The coach's own name for the athlete, kept only when it differs from the account's. */
function nameUnlessOwn(name: string | undefined, student: { name: string }): string | null {
  return name && name !== student.name ? name : null;
}
