import type { CoachLink, RosterInvitation } from '@filmroom/contract';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { coachStudents, users, type UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { EMAIL_LINK_MESSAGES } from '@filmroom/contract';
import { claimEmailLink, findEmailLink } from '../auth';
import type { Notifier } from '../notifications';
import { endAccess } from '../users';
import type { VideoEvents } from '../events';

const coach = alias(users, 'coach');
const student = alias(users, 'student');

export const UNCONFIRMED_ACCOUNT_MESSAGE =
  'The account with this email address has not confirmed it yet. Sign in to it and confirm the address, or reset its password with "Forgot your password?", then answer.';

export const CONFIRM_FIRST_MESSAGE =
  'Confirm your email address first: invitations sent to it wait until you follow the link we mailed you.';

/**
 * The athlete's side of rosters (beyond the spec): the coaches who invited them or whose list
 * they are on, an answer to each invitation, and leaving a list. Invitations are addressed to
 * the athlete's e-mail, so an account whose address is not confirmed sees none and answers none.
 */
export class CoachLinkService {
  constructor(
    private readonly db: Database,
    private readonly events: VideoEvents,
    private readonly notifier: Notifier,
  ) {}

  async list(athlete: UserRow): Promise<CoachLink[]> {
    if (!athlete.emailConfirmedAt) return [];
    const rows = await this.db
      .select({
        id: coachStudents.id,
        status: coachStudents.status,
        name: coach.name,
        username: coach.username,
      })
      .from(coachStudents)
      .innerJoin(coach, eq(coach.id, coachStudents.coachId))
      .where(
        and(
          eq(coachStudents.studentId, athlete.id),
          inArray(coachStudents.status, ['pending', 'accepted']),
        ),
      )
      .orderBy(asc(coachStudents.status), asc(coach.name), asc(coachStudents.id));
    return rows.map((row) => ({
      id: row.id,
      coach: { name: row.name, username: row.username },
      status: row.status as CoachLink['status'],
    }));
  }

  async answer(athlete: UserRow, linkId: string, answer: 'accept' | 'decline'): Promise<void> {
    if (!athlete.emailConfirmedAt) throw forbidden(CONFIRM_FIRST_MESSAGE);
    const answered = await this.db
      .update(coachStudents)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined' })
      .where(
        and(
          eq(coachStudents.id, linkId),
          eq(coachStudents.studentId, athlete.id),
          eq(coachStudents.status, 'pending'),
        ),
      )
      .returning({ id: coachStudents.id, coachId: coachStudents.coachId });
    if (answered.length === 0) throw notFound('Invitation not found');
    if (answer === 'accept')
      await this.notifier.invitationAccepted(athlete.id, answered[0]!.coachId);
  }

  /** Takes the athlete off a coach's list (or turns an invitation down quietly). */
  async leave(athlete: UserRow, linkId: string): Promise<void> {
    const removed = await this.db
      .delete(coachStudents)
      .where(
        and(
          eq(coachStudents.id, linkId),
          eq(coachStudents.studentId, athlete.id),
          inArray(coachStudents.status, ['pending', 'accepted']),
        ),
      )
      .returning({ id: coachStudents.id, coachId: coachStudents.coachId });
    if (removed.length === 0) throw notFound('Coach not found');
    // The coach's open streams and downloads of the athlete's photos end now, not at a re-check.
    await endAccess(this.events, this.db.$client, [
      { userId: athlete.id },
      { userId: removed[0]!.coachId },
    ]);
  }

  /** The invitation behind a mailed link, for the page that answers it. */
  async findByToken(token: string): Promise<RosterInvitation> {
    const link = await findEmailLink(this.db, token, ['roster']);
    const invitation = await this.invitationOf(link);
    return { email: link.email, coach: { name: invitation.coachName }, status: invitation.status };
  }

  /**
   * Answers by the mailed link, signed in or not. The link proves the address, but not that
   * whoever follows it made the account there: an account that never confirmed its address
   * answers nothing, as in the app.
   */
  async answerByToken(token: string, answer: 'accept' | 'decline'): Promise<RosterInvitation> {
    const answered = await this.db.transaction(async (tx) => {
      const link = await claimEmailLink(tx, token, ['roster']);
      const invitation = await this.invitationOf(link, tx);
      if (!invitation.confirmed) throw forbidden(UNCONFIRMED_ACCOUNT_MESSAGE);
      const status = answer === 'accept' ? 'accepted' : 'declined';
      // An invitation answered already (in the app) keeps that answer.
      const changed =
        invitation.status === 'pending'
          ? await tx
              .update(coachStudents)
              .set({ status })
              .where(eq(coachStudents.id, invitation.id))
              .returning({ coachId: coachStudents.coachId, studentId: coachStudents.studentId })
          : [];
      return {
        view: {
          email: link.email,
          coach: { name: invitation.coachName },
          status: invitation.status === 'pending' ? status : invitation.status,
        },
        accepted: status === 'accepted' ? changed[0] : undefined,
      };
    });
    // Told once the answer is committed: the coach's list shows the athlete when they look.
    if (answered.accepted) {
      await this.notifier.invitationAccepted(
        answered.accepted.studentId,
        answered.accepted.coachId,
      );
    }
    return answered.view;
  }

  /** The roster entry a link answers, while the card still invites the address it went to. */
  private async invitationOf(
    link: { coachStudentId: string | null; email: string },
    db: Pick<Database, 'select'> = this.db,
  ) {
    const [row] = link.coachStudentId
      ? await db
          .select({
            id: coachStudents.id,
            status: coachStudents.status,
            coachName: coach.name,
            email: student.username,
            confirmed: sql<boolean>`${student.emailConfirmedAt} is not null`,
          })
          .from(coachStudents)
          .innerJoin(coach, eq(coach.id, coachStudents.coachId))
          .innerJoin(student, eq(student.id, coachStudents.studentId))
          .where(eq(coachStudents.id, link.coachStudentId))
      : [];
    // Removed, or the coach corrected the address since: this link answers nothing now.
    if (!row || row.email !== link.email) throw badRequest(EMAIL_LINK_MESSAGES.unknown);
    return row;
  }
}
