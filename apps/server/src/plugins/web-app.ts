import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Paths that are never pages: an unknown one is a 404, not the app (a stale bundle name must
// not get index.html back as JavaScript).
const NOT_PAGES = /^\/(api|uploads|assets)(\/|$)/;

/**
 * Serves the built single-page app. Any GET that is not an API or media path and not a file
 * answers with index.html (history fallback), so /videos/123 works on reload; unknown API
 * paths stay JSON 404s.
 */
export default fp(
  async function webApp(app: FastifyInstance, options: { distDir: string }) {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasBuild = existsSync(indexFile);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        // Looked up per request, so a rebuild is served without a restart.
        wildcard: true,
        index: ['index.html'],
        // Vite fingerprints everything under /assets: cache it for good. Never cache index.html.
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build`');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasBuild && wantsPage && !NOT_PAGES.test(pathname)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${pathname}` });
    });
  },
  { name: 'web-app' },
);
