import { EMAIL_LINK_MESSAGES, type ConfirmEmailResponse } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail, confirmEmailLink } from '../../mail/messages';
import { claimEmailLink, confirmAddress, findEmailLink, issueEmailLink } from './email-links';

/** Mails the account a link that confirms its address. */
export async function sendConfirmationLink(
  deps: { db: Database; mailer: Mailer },
  user: UserRow,
  origin: string,
): Promise<void> {
  if (user.emailConfirmedAt) throw conflict('Your email address is already confirmed');
  const token = await issueEmailLink(deps.db, user.username, 'confirm');
  await deps.mailer.send(
    confirmationMail({ to: user.username, userId: user.id, link: confirmEmailLink(origin, token) }),
  );
}

/**
 * Follows a confirmation link (from a sign-up, or a share to an address with no confirmed
 * account). With an account at the address, it is confirmed: the link proves the address but
 * signs nobody in, so it may be opened anywhere. With none, the link is left for signing up.
 */
export async function followConfirmationLink(
  db: Database,
  token: string,
): Promise<ConfirmEmailResponse> {
  const link = await findEmailLink(db, token, 'confirm');
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, link.email));
  if (!account) return { email: link.email, confirmed: false };
  await db.transaction(async (tx) => {
    await claimEmailLink(tx, token, 'confirm');
    await confirmAddress(tx, link.email);
  });
  return { email: link.email, confirmed: true };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Signing up through a link mailed to the address confirms the new account at once. */
export async function confirmBySignUp(tx: Transaction, token: string, username: string) {
  const link = await findEmailLink(tx, token, 'confirm');
  if (link.email !== username) throw badRequest(EMAIL_LINK_MESSAGES.otherAddress);
  await claimEmailLink(tx, token, 'confirm');
  return confirmAddress(tx, username);
}
