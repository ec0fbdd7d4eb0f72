import { z } from 'zod';
import {
  EMAIL_LINK_MESSAGES,
  MISSING_TOKEN_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './values';

export const NAME_MAX_LENGTH = 100;

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
// The real proof that an address works is mail reaching it, not a longer pattern.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Usernames are e-mail addresses: trimmed and compared without regard to case. */
export const usernameSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Email must be a valid e-mail address')
  .transform((email) => email.toLowerCase());

/** The rules for a new password: registration, reset and invitation use the same. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The token of a link mailed to an address (confirmation, share, roster invitation). */
export const emailTokenSchema = z
  .string({ error: MISSING_TOKEN_MESSAGE })
  .trim()
  .min(1, MISSING_TOKEN_MESSAGE)
  .max(200, EMAIL_LINK_MESSAGES.unknown);

export const registerBodySchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    name: z
      .string({ error: 'Full Name is required' })
      .trim()
      .min(1, 'Full Name is required')
      .max(NAME_MAX_LENGTH, `Full Name must be at most ${NAME_MAX_LENGTH} characters`),
    isCoach: z.boolean({ error: 'isCoach must be true or false' }).default(false),
    emailToken: emailTokenSchema
      .optional()
      .describe(
        'Beyond the spec: the token of a link mailed to this address (a share to it); signing up with it confirms the address',
      ),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    username: usernameSchema,
    // No length rule at sign-in: a wrong password must get the same answer as an unknown user.
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof loginBodySchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

/** The Forgot screen's one question. The answer never says whether an account has this e-mail. */
export const forgotPasswordBodySchema = z
  .object({ email: usernameSchema })
  .meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const PASSWORD_RESET_LINK_HOURS = 1;
export const INVITATION_LINK_DAYS = 7;

/** The one answer to a forgot-password request, for known and unknown e-mails alike. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email, we have sent it a link to set a new password. The link works once, for 1 hour.';

/**
 * The same answer on a server with no mail relay, where "we have sent it" would be false: the
 * link waits in the outbox, which only an administrator can open for someone else's address.
 */
export const FORGOT_PASSWORD_KEPT_MESSAGE =
  "This server does not send email. If an account uses this email, a link to set a new password is waiting in the server's mail outbox: ask its administrator for it (Admin > Mail). The link works once, for 1 hour.";

export const forgotPasswordResponseSchema = z
  .object({
    message: z.string(),
    delivery: z
      .enum(['smtp', 'outbox'])
      .describe('smtp: the link is mailed; outbox: it is kept for an administrator to hand on'),
  })
  .meta({ id: 'ForgotPasswordResponse' });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/**
 * The set-password screen, reached from a reset e-mail or an invitation (/reset-password?token=).
 * Success answers with the user, signed in.
 */
export const resetPasswordBodySchema = z
  .object({
    token: z
      .string({ error: MISSING_TOKEN_MESSAGE })
      .trim()
      .min(1, MISSING_TOKEN_MESSAGE)
      .max(200, 'This password link is not valid. Ask for a new one with "Forgot your password?".'),
    password: passwordSchema,
  })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Follow a link mailed to an address: /confirm-email?token=. */
export const confirmEmailBodySchema = z
  .object({ token: emailTokenSchema })
  .meta({ id: 'ConfirmEmailBody' });
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

export const confirmEmailResponseSchema = z
  .object({
    email: z.string().describe('The address the link was mailed to'),
    confirmed: z
      .boolean()
      .describe('true: the account with this address is confirmed (the link is used up)'),
    accountExists: z
      .boolean()
      .describe(
        'With confirmed false: true when an account nobody has confirmed uses the address (sign in to it and follow the link again, or reset its password); false when none does (sign up with `emailToken` set to this token). The link stays valid.',
      ),
  })
  .meta({ id: 'ConfirmEmailResponse' });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;
