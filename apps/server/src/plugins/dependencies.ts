import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import type { LimitedTranscriber } from '../modules/annotations';
import type { Notifier, UnsubscribeLinks } from '../modules/notifications';
import type { VideoEvents } from '../modules/events';
import type { BlobStore } from '../storage';

export type Dependencies = {
  config: Config;
  db: Database;
  pool: pg.Pool;
  blobs: BlobStore;
  jobs: JobQueue;
  videoEvents: VideoEvents;
  mailer: Mailer;
  /** Speech to text for voice notes, chosen once at start-up; limits its own concurrency. */
  transcriber: LimitedTranscriber;
  /** Tells people what happened for them (the bell, and mail as each person chose). */
  notifier: Notifier;
  unsubscribeLinks: UnsubscribeLinks;
};

declare module 'fastify' {
  // Merged into Fastify's own interface: each dependency becomes `app.<name>`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Dependencies {}
}

/**
 * Hands the process's shared parts to every module. The caller (main.ts, or a test) creates
 * them and owns their lifetime; routes never build their own.
 */
export default fp(
  async function dependencies(app: FastifyInstance, deps: Dependencies) {
    app.decorate('config', deps.config);
    app.decorate('db', deps.db);
    app.decorate('pool', deps.pool);
    app.decorate('blobs', deps.blobs);
    app.decorate('jobs', deps.jobs);
    app.decorate('videoEvents', deps.videoEvents);
    app.decorate('mailer', deps.mailer);
    app.decorate('transcriber', deps.transcriber);
    app.decorate('notifier', deps.notifier);
    app.decorate('unsubscribeLinks', deps.unsubscribeLinks);
  },
  { name: 'dependencies' },
);
