import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession, SessionService } from '../modules/auth';

/**
 * Resolves the session cookie to `request.user` on every API request. What routes use of it
 * (requireUser in modules/access, the session cookie in modules/auth) lives below the modules,
 * so no module reaches up into plugins/.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorate('sessions', new SessionService(app.db));
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.resolvesOwnSession) return;
      await resolveSession(app, request, reply);
    });
  },
  { name: 'auth', dependencies: ['dependencies'] },
);
