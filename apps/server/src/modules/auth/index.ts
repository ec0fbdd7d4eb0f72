// The auth module's public surface: what other modules may use. The rest is the module's own.
export { claimEmailLink, findEmailLink, issueEmailLink } from './email-links';
export { NO_PASSWORD } from './password';
export { issuePasswordToken } from './password-tokens';
export { SessionService } from './session-service';
// The session cookie and what a request's session means, for the plugin that resolves it and
// the routes that check a session again later (downloads, the event stream).
export { resolveSession, SESSION_COOKIE, sessionTokenOf } from './session-cookie';
// Its service, built once by the composition root (src/services.ts).
export { AuthService } from './auth-service';
