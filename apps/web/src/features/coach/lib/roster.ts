import type { CoachStudentLink, RosterStatus, UpdateStudentBody } from '@filmroom/contract';

/**
 * Spec §5 Add Student. Copied from @filmroom/contract rather than imported (a value from there
 * would bundle zod into the web app); roster.test.ts keeps it in step.
 */
export const STUDENT_EMAIL_REQUIRED_MESSAGE = 'Please enter a student email';

/** The Add Student form's one rule: an e-mail, after trimming. Null when the form may be sent. */
export function addStudentProblem(email: string): string | null {
  return email.trim() === '' ? STUDENT_EMAIL_REQUIRED_MESSAGE : null;
}

/** Spec §2 student search: the name or the e-mail contains the words, ignoring case. */
export function searchStudents(
  students: readonly CoachStudentLink[],
  query: string,
): CoachStudentLink[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...students];
  return students.filter(({ student }) =>
    [student.name, student.username].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}

/** Spec §5 Edit student: a blank name or e-mail falls back to the value the card shows. */
export function studentChanges(
  draft: { name: string; email: string },
  current: Pick<CoachStudentLink['student'], 'name' | 'username'>,
): UpdateStudentBody {
  return {
    name: draft.name.trim() || current.name,
    email: draft.email.trim() || current.username,
  };
}

/**
 * The Dashboard's note under Active Athletes: invitations nobody has answered are not athletes
 * yet, so they are counted apart (none: nothing to say).
 */
export function pendingInvitationsHint(
  roster: readonly { status: RosterStatus }[],
): string | undefined {
  const pending = roster.filter((link) => link.status === 'pending').length;
  if (pending === 0) return undefined;
  return pending === 1 ? '1 invitation pending' : `${pending} invitations pending`;
}
