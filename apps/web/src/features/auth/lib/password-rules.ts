import { ApiError } from '@/lib/query-client';
import { MISSING_TOKEN_MESSAGE, PASSWORD_LINK_MESSAGES } from '@filmroom/contract/values';

/**
 * The server's words when a failure was about the link itself (unknown, used, expired), so the
 * screen can offer a new link instead of the form; null for any other failure.
 */
export function passwordLinkProblem(error: Error): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const known = [...Object.values(PASSWORD_LINK_MESSAGES), MISSING_TOKEN_MESSAGE];
  return known.find((message) => error.message === `400: ${message}`) ?? null;
}
