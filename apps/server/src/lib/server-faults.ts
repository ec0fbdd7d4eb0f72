/**
 * What the server answers when the fault is its own, not the request's: shared by the error
 * handler (plugins/errors.ts) and the routes that answer such a fault themselves (a resumable
 * upload's tus replies).
 */
export const OUT_OF_SPACE_MESSAGE =
  'The server has run out of storage space, so nothing was saved. Please try again later, and let the administrator know.';

/** What an unexpected error answers: its details go to the log only. */
export const SERVER_FAULT_MESSAGE = 'Something went wrong on our side. Please try again.';

/** The disk (or the user's quota on it) is full: the operator's problem, not a bug. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
