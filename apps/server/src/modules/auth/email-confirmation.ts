import { EMAIL_LINK_MESSAGES, type ConfirmEmailResponse } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail, confirmEmailLink } from '../../mail/messages';
import { claimEmailLink, confirmAccount, findEmailLink, issueEmailLink } from './email-links';

/** Mails the account a link that confirms its address. */
export async function sendConfirmationLink(
  deps: { db: Database; mailer: Mailer },
  user: UserRow,
  origin: string,
): Promise<void> {
  if (user.emailConfirmedAt) throw conflict('Your email address is already confirmed');
  const token = await issueEmailLink(deps.db, user.username, 'confirm', { userId: user.id });
  await deps.mailer.send(
    confirmationMail({ to: user.username, userId: user.id, link: confirmEmailLink(origin, token) }),
  );
}

/**
 * Follows a link mailed to an address. An account's own confirmation link confirms that
 * account, opened anywhere (it signs nobody in). A share's link proves the address to whoever
 * follows it, but never hands them an account they did not make: with no account there it is
 * kept for signing up; with an unconfirmed one it confirms it only for someone signed in to it
 * (who has its password too). Anyone else is pointed to signing in, or to a password reset,
 * which reaches the same inbox and ends the sessions of whoever made the account.
 */
export async function followConfirmationLink(
  db: Database,
  token: string,
  asker: UserRow | null,
): Promise<ConfirmEmailResponse> {
  const link = await findEmailLink(db, token, ['confirm', 'address']);
  const [account] = await db.select().from(users).where(eq(users.username, link.email));
  const mayConfirm =
    account !== undefined &&
    (link.purpose === 'confirm'
      ? link.userId === account.id
      : account.emailConfirmedAt !== null || asker?.id === account.id);
  if (link.purpose === 'confirm' && !mayConfirm) throw badRequest(EMAIL_LINK_MESSAGES.unknown);
  if (!mayConfirm) {
    return { email: link.email, confirmed: false, accountExists: account !== undefined };
  }
  await db.transaction(async (tx) => {
    await claimEmailLink(tx, token, [link.purpose]);
    await confirmAccount(tx, account.id, link.email);
  });
  return { email: link.email, confirmed: true, accountExists: true };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Signing up through a share's link mailed to the address confirms the new account at once. */
export async function confirmBySignUp(tx: Transaction, token: string, user: UserRow) {
  const link = await findEmailLink(tx, token, ['address']);
  if (link.email !== user.username) throw badRequest(EMAIL_LINK_MESSAGES.otherAddress);
  await claimEmailLink(tx, token, ['address']);
  return confirmAccount(tx, user.id, user.username);
}
