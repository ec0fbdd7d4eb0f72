import type {
  addStudentBodySchema,
  CoachStudentLink,
  RosterStatus,
  updateStudentBodySchema,
} from '@filmroom/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { coachStudents, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import {
  invitationMail,
  rosterInvitationLink,
  rosterInvitationMail,
  setPasswordLink,
} from '../../mail/messages';
import { issueEmailLink, NO_PASSWORD, issuePasswordToken } from '../auth';
import { endAccess, loadPeopleViews } from '../users';
import type { Notifier } from '../notifications';
import type { VideoEvents } from '../events';

type NewStudent = z.output<typeof addStudentBodySchema>;
type StudentChanges = z.output<typeof updateStudentBodySchema>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The name on the coach's card: theirs for the athlete, else the athlete's own once they have
 * accepted. Before that the coach has only what they typed: their name for them, or the address.
 */
const shownName = sql<string>`coalesce(${coachStudents.displayName}, case when ${coachStudents.status} = 'accepted' then ${users.name} else ${users.username} end)`;

const linkColumns = {
  id: coachStudents.id,
  studentId: coachStudents.studentId,
  name: shownName,
  username: users.username,
  accountName: users.name,
  displayName: coachStudents.displayName,
  status: coachStudents.status,
  heightCm: users.heightCm,
};

type LinkRow = {
  id: string;
  studentId: string;
  name: string;
  username: string;
  accountName: string;
  displayName: string | null;
  status: RosterStatus;
  heightCm: number | null;
};

const toLinkView = (row: LinkRow, avatarUrl: string | null): CoachStudentLink => ({
  id: row.id,
  studentId: row.studentId,
  student: {
    name: row.name,
    username: row.username,
    avatarUrl,
    // The athlete's own profile, shared with a coach only once they have accepted.
    heightCm: row.status === 'accepted' ? row.heightCm : null,
  },
  invitationPending: row.status === 'pending',
  status: row.status,
});

/**
 * The cards with each athlete's photo. Only an athlete who accepted shows theirs: until then the
 * coach sees only what they typed, as with the name.
 */
async function withPhotos(db: Database, rows: LinkRow[]): Promise<CoachStudentLink[]> {
  const people = await loadPeopleViews(
    db,
    rows.filter((row) => row.status === 'accepted').map((row) => row.studentId),
  );
  return rows.map((row) => toLinkView(row, people.get(row.studentId)?.avatarUrl ?? null));
}

/** What an e-mail resolved to: an account, and whether this request made it (and must invite). */
type Enrolment = { student: UserRow; invitationToken: string | null };

/**
 * A coach's list of athletes. Every entry starts as an invitation the athlete accepts or
 * declines (in the app, or by the link in the mail); until they accept, the coach sees only the
 * address they typed. Adding an e-mail nobody uses makes an account with no password and mails
 * its owner a link to set one; an existing account is mailed a link that answers the invitation.
 * A coach changes only their own list: the name they see, and which address a card invites.
 */
export class RosterService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly events: VideoEvents,
    private readonly notifier: Notifier,
  ) {}

  async list(coach: UserRow): Promise<CoachStudentLink[]> {
    requireCoach(coach);
    const rows = await this.db
      .select(linkColumns)
      .from(coachStudents)
      .innerJoin(users, eq(users.id, coachStudents.studentId))
      .where(eq(coachStudents.coachId, coach.id))
      .orderBy(asc(shownName), asc(users.username));
    return withPhotos(this.db, rows);
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
          displayName: body.name ?? null,
          status: 'pending',
        })
        .onConflictDoNothing()
        .returning({ id: coachStudents.id });
      if (!link) throw conflict('This student is already on your list');
      return { linkId: link.id, enrolment };
    });
    await this.tell(coach, linkId, enrolment, origin);
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
    const email = changes.email ?? current.username;
    if (email === current.username) {
      if (changes.name !== undefined) {
        await this.db
          .update(coachStudents)
          .set({ displayName: cardName(changes.name, current) })
          .where(eq(coachStudents.id, current.id));
      }
      return this.find(coach, current.id);
    }
    // The name the coach knows the athlete by; never the new account's own.
    const name =
      changes.name ??
      current.displayName ??
      (current.status === 'accepted' ? current.accountName : undefined);

    // A corrected address is another person's account: the card moves to it, keeping its name,
    // and asks that person afresh.
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
          displayName: name ?? null,
          status: 'pending',
        })
        .where(eq(coachStudents.id, current.id));
      return enrolment;
    });
    await this.tell(coach, current.id, enrolment, origin);
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
    await endAccess(this.events, this.db.$client, [{ userId: studentId }, { userId: coach.id }]);
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
   * link that sets a password (the athlete then answers in the app): an existing account, even
   * one never opened, belongs to someone else, so its owner gets a link that only answers.
   */
  private async tell(
    coach: UserRow,
    linkId: string,
    { student, invitationToken }: Enrolment,
    origin: string,
  ) {
    const sender = { id: coach.id, name: coach.name };
    await this.mailer.send(
      invitationToken
        ? invitationMail({
            to: student.username,
            studentName: student.name,
            coach: sender,
            link: setPasswordLink(origin, invitationToken),
          })
        : rosterInvitationMail({
            to: student.username,
            coach: sender,
            link: rosterInvitationLink(
              origin,
              await issueEmailLink(this.db, student.username, 'roster', { coachStudentId: linkId }),
            ),
          }),
    );
    // An existing account also hears of it in the app, where they answer it.
    if (!invitationToken) await this.notifier.rosterInvitation(coach.id, student.id);
  }

  private async find(coach: UserRow, linkId: string): Promise<CoachStudentLink> {
    const [link] = await withPhotos(this.db, [
      await this.findRow(coach, eq(coachStudents.id, linkId)),
    ]);
    return link!;
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

/**
 * The coach's own name for the athlete. Once they accepted it is kept only when it differs from
 * the account's; before, it is kept as typed, so the card cannot tell the coach whether a name
 * they guessed is the account's.
 */
function cardName(name: string, link: Pick<LinkRow, 'status' | 'accountName'>): string | null {
  return link.status === 'accepted' && name === link.accountName ? null : name;
}
