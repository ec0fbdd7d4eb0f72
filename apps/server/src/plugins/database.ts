import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connection';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the app's database available to every module; the caller owns its lifetime. */
export default fp(
  async function database(app: FastifyInstance, options: { db: Database }) {
    app.decorate('db', options.db);
  },
  { name: 'database' },
);
