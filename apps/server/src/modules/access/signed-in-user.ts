import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, or null. Set from the session cookie before any handler runs (by
     * plugins/auth.ts; on a route that resolves its session itself, once it calls
     * `resolveSession`). Declared here, below every feature, so that routes ask for the user
     * without reaching up into the plugins that set it.
     */
    user: UserRow | null;
  }
}

/** Guard for routes that need a signed-in user (401 otherwise); the user, narrowed. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
