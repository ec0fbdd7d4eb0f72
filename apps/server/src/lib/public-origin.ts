import type { FastifyRequest } from 'fastify';

/**
 * The origin browsers use for this server: PUBLIC_ORIGIN, else the request's own. Links in
 * mail use it; with a real relay PUBLIC_ORIGIN is required (see config.ts), so a forged Host
 * header can only ever point mail that stays in its sender's own outbox.
 */
export function publicOriginOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}
