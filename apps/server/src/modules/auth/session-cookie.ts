import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endAccess } from '../users';
import { SESSION_LIFETIME_MS, type ActiveSession, type SessionService } from './session-service';

export const SESSION_COOKIE = 'filmroom_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Built once by plugins/auth.ts. */
    sessions: SessionService;
  }
  interface FastifyContextConfig {
    /**
     * The route resolves the session only when it must, with `resolveSession` (GET /uploads:
     * what it remembered answers most of a player's range reads without a query).
     */
    resolvesOwnSession?: boolean;
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS-terminating proxy (TRUST_PROXY) the protocol comes from X-Forwarded-Proto.
    secure: request.protocol === 'https',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * Signs a session out. Its downloads and live events end, and what every process remembered of
 * its access is forgotten, at once.
 */
export async function endSession(app: FastifyInstance, token: string): Promise<void> {
  const userId = await app.sessions.delete(token);
  if (userId) await endAccess(app.videoEvents, app.pool, [{ userId }]);
}

/**
 * Sets `request.user` from the session cookie (clearing a cookie whose session is gone, sliding
 * a live one's expiry) and resolves with the session, or null when nobody is signed in.
 */
export async function resolveSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ActiveSession | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  const session = await app.sessions.resolve(token);
  if (!session) {
    clearSessionCookie(reply);
    return null;
  }
  request.user = session.user;
  if (session.renewed) setSessionCookie(request, reply, token);
  return session;
}
