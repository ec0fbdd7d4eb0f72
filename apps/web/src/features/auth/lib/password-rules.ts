import { ApiError } from '@/lib/query-client';

/**
 * The server's password and link rules, copied rather than imported: a value from
 * @filmroom/contract would bundle zod and every schema into the web app. password-rules.test.ts
 * keeps the copies in step with the contract.
 */

/** Mirrors the server's rule so people learn it before submitting; the server still decides. */
export const PASSWORD_MIN_LENGTH = 8;

/** Why the server refused a set-password link (400 from POST /api/reset-password). */
export const PASSWORD_LINK_MESSAGES = {
  unknown: 'This password link is not valid. Ask for a new one with "Forgot your password?".',
  used: 'This password link has already been used. Ask for a new one with "Forgot your password?".',
  expired: 'This password link has expired. Ask for a new one with "Forgot your password?".',
} as const;

/** An address opened without its ?token= part. */
export const MISSING_TOKEN_MESSAGE =
  'The link is missing its token. Open the link from the email again.';

/**
 * The server's words when a failure was about the link itself (unknown, used, expired), so the
 * screen can offer a new link instead of the form; null for any other failure.
 */
export function passwordLinkProblem(error: Error): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const known = [...Object.values(PASSWORD_LINK_MESSAGES), MISSING_TOKEN_MESSAGE];
  return known.find((message) => error.message === `400: ${message}`) ?? null;
}
