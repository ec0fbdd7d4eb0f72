// The auth module's public surface: what other modules may use. The rest is the module's own.
export { claimEmailLink, findEmailLink, issueEmailLink } from './email-links';
export { NO_PASSWORD } from './password';
export { issuePasswordToken } from './password-tokens';
export { SESSION_LIFETIME_MS, SessionService, type ActiveSession } from './session-service';
// The session cookie and what a request's session means, for the routes that sign in and out
// and those that check a session again later (downloads, the event stream).
export {
  clearSessionCookie,
  endSession,
  resolveSession,
  SESSION_COOKIE,
  sessionTokenOf,
  setSessionCookie,
} from './session-cookie';
