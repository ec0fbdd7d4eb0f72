import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { forbidden } from '../lib/http-errors';
import { publicOriginOf } from '../lib/public-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request from another site is refused: the session cookie is SameSite=Lax,
 * and this closes what Lax leaves open (same-site subdomains, older browsers).
 * Clients that send no Origin (curl, scripts) are not browsers riding on a cookie.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  return origin !== publicOriginOf(request, publicOrigin);
}

export default fp(
  async function security(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    const httpsOnly = config.trustProxy || config.publicOrigin?.startsWith('https:') === true;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and vaul position popovers and drawers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // Upgrading on a plain-http LAN install would break every asset, so only behind TLS.
          ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: httpsOnly,
      // The player loads media from this origin only; COEP would block nothing useful.
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', async (request) => {
      if (isCrossSiteRequest(request, config.publicOrigin)) {
        throw forbidden('This request came from another site and was refused');
      }
    });
  },
  { name: 'security' },
);
