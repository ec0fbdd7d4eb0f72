import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { HttpError } from '../lib/http-errors';
// The type of app.limitRequests, which this plugin sets.
import '../lib/request-limits';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Counters live in PostgreSQL, so a limit holds across every API process of a deployment.
 */
export default fp(
  async function rateLimits(app: FastifyInstance, options: { pool: pg.Pool }) {
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(options.pool) });

    app.decorate('limitRequests', ({ max, timeWindowMs, key, message }) => {
      // createRateLimit, unlike rateLimit(), lets several limits apply to the same request.
      const check = app.createRateLimit({ max, timeWindow: timeWindowMs, keyGenerator: key });
      return async (request: FastifyRequest) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        const seconds = String(result.ttlInSeconds);
        throw new HttpError(429, `${message} Try again in ${formatWait(result.ttlInSeconds)}.`, {
          'retry-after': seconds,
        });
      };
    });
  },
  { name: 'rate-limits' },
);

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
