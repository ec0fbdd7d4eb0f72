import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connection';
import { authRoutes } from './modules/auth/routes';
import auth from './plugins/auth';
import database from './plugins/database';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import rateLimits from './plugins/rate-limit';
import security from './plugins/security';
import webApp from './plugins/web-app';

export type AppDependencies = {
  config: Config;
  db: Database;
  /** The process's pino logger; tests leave it out and run silent. */
  logger?: FastifyBaseLogger;
};

/** Composes the HTTP application. The server and the tests build it the same way. */
export async function buildApp({ config, db, logger }: AppDependencies) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    trustProxy: config.trustProxy,
    // Keep-alive sockets must not hold a shutdown open for long.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(security, { config });
  await app.register(cookie);
  await app.register(rateLimits);
  await app.register(database, { db });
  await app.register(openapi);

  await app.register(
    async (api) => {
      await api.register(auth);
      await api.register(authRoutes, { config });
    },
    { prefix: '/api' },
  );

  await app.register(webApp, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
