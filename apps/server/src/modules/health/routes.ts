import { errorResponseSchema, healthSchema } from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors';

// A load balancer gives up on a process that takes longer than this to say it is well.
const DATABASE_CHECK_MS = 2_000;

/**
 * GET /api/health: 200 while this process serves and reaches its database, 503 otherwise, so a
 * load balancer stops sending people to it and a rolling restart knows when to move on.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this process serves and reaches the database (for load balancers)',
        response: { 200: healthSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const timeout = AbortSignal.timeout(DATABASE_CHECK_MS);
      const answered = await Promise.race([
        app.pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => timeout.addEventListener('abort', () => resolve(false))),
      ]);
      if (!answered) throw new HttpError(503, 'The database is not answering');
      return { status: 'ok' as const, role: app.config.role };
    },
  );
};
