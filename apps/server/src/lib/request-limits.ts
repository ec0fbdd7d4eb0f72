import type { FastifyInstance, FastifyRequest } from 'fastify';

type Limit = { max: number; timeWindowMs: number; key: (request: FastifyRequest) => string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook that answers 429 with Retry-After once `key` has been seen `max` times in the
     * window. Set by plugins/rate-limit.ts; declared here, below the modules that use it, so
     * they never import the plugin.
     */
    limitRequests: (
      limit: Limit & { message: string },
    ) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The per-network limit of the signed-out forms that take a secret (sign-in, sign-up, the links
 * mailed to an address): AUTH_RATE_LIMIT_PER_IP attempts a minute. `name` keeps each form's
 * count apart.
 */
export function limitPerNetwork(app: FastifyInstance, name: string, message: string) {
  return app.limitRequests({
    max: app.config.rateLimits.authPerIp,
    timeWindowMs: 60_000,
    key: (request) => `${name}-ip:${request.ip}`,
    message,
  });
}
