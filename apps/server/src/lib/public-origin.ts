import type { FastifyRequest } from 'fastify';

/**
 * The origin browsers use for this server: PUBLIC_ORIGIN, else the request's own. Links in
 * mail use it; with a real relay PUBLIC_ORIGIN is required (see config.ts). Without one, mail
 * is kept, and its reader sees its links at the origin of their own request (listOutboxOf), so a
 * forged Host header points nobody else's mail anywhere.
 */
export function publicOriginOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}
