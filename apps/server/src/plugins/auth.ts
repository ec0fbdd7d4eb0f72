import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { unauthorized } from '../lib/http-errors';
import { SESSION_LIFETIME_MS, SessionService } from '../modules/auth/session-service';

export const SESSION_COOKIE = 'filmroom_session';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set from the session cookie before any handler runs. */
    user: UserRow | null;
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

/** Guard for routes that need a signed-in user; the narrowed user is returned for convenience. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Resolves the session cookie to `request.user` on every API request. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('sessions', new SessionService(app.db));
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request, reply) => {
      const token = sessionTokenOf(request);
      if (!token) return;
      const session = await app.sessions.resolve(token);
      if (!session) {
        clearSessionCookie(reply);
        return;
      }
      request.user = session.user;
      if (session.renewed) setSessionCookie(request, reply, token);
    });
  },
  { name: 'auth', dependencies: ['dependencies'] },
);
