import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { badRequest, forbidden } from '../lib/http-errors';
import { problemWithInput } from '../lib/json-input';
import { publicOriginOf } from '../lib/public-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request from another site is refused: the session cookie is SameSite=Lax,
 * and this closes what Lax leaves open (same-site subdomains, older browsers).
 * Without an Origin (older browsers leave it out of some requests) the Referer names the page
 * that sent it. Clients that send neither (curl, scripts) are not browsers riding on a cookie.
 */
function isCrossSiteRequest(request: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') return true;
  const sender = origin ?? request.headers.referer;
  if (sender === undefined) return false;
  // Compared as origins, so `http://host` and `http://host:80` are one; `null` is no origin.
  const ours = originOf(publicOriginOf(request, publicOrigin));
  return ours === null || originOf(sender) !== ours;
}

/** The origin of an absolute URL, or null for anything that is not one. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export default fp(
  async function security(
    app: FastifyInstance,
    options: {
      config: Config;
      /** Where stored files are served from, besides here. */ fileOrigins: string[];
    },
  ) {
    const { config, fileOrigins } = options;
    const httpsOnly =
      config.trustProxy !== false || config.publicOrigin?.startsWith('https:') === true;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and vaul position popovers and drawers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
          mediaSrc: ["'self'", 'blob:', ...fileOrigins],
          fontSrc: ["'self'", 'data:'],
          // hls.js fetches the stream's segments, which /uploads/ redirects to the bucket.
          connectSrc: ["'self'", ...fileOrigins],
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

    // Hostile JSON, query strings and path parts, refused before any route sees them: a NUL
    // character would reach PostgreSQL, which cannot store one (a search for "%00" was a 500),
    // and absurd nesting any code that walks it. (Multipart fields are read later, by the
    // route: see receiveSniffedUpload.)
    app.addHook('preValidation', async (request) => {
      const problem =
        problemWithInput(request.body) ??
        problemWithInput(request.query) ??
        problemWithInput(request.params);
      if (problem) throw badRequest(problem);
    });
  },
  { name: 'security' },
);
