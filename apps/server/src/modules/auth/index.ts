// The auth module's public surface: what other modules may use. The rest is the module's own.
export { claimEmailLink, findEmailLink, issueEmailLink } from './email-links';
export { NO_PASSWORD } from './password';
export { issuePasswordToken } from './password-tokens';
export { SESSION_LIFETIME_MS, SessionService, type ActiveSession } from './session-service';
