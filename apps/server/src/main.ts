import { mediaBinaries } from '@filmroom/media';
import pino from 'pino';
import type { App } from './app';
import { loadConfig, roleFromArguments } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { LEFTOVER_AGE_MS, sweepOrphanedBlobs } from './maintenance/blob-inventory';
import { deleteStaleEmailLinks } from './modules/auth/email-links';
import { deleteStalePasswordTokens } from './modules/auth/password-tokens';
import { SessionService } from './modules/auth/session-service';
import { deleteEndedRateLimits } from './plugins/rate-limit-store';
import { sweepExpiredExports } from './modules/video-exports';
import { sweepAbandonedUploads } from './modules/videos';
import { startRuntime, type Runtime } from './runtime';
import { collectGarbageWhenIdle } from './lib/idle-collection';

const SHUTDOWN_GRACE_MS = 15_000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  const config = loadConfig({ ...process.env, ...roleFromArguments(process.argv.slice(2)) });
  // Written asynchronously (libuv's thread pool), not in the request's turn: a line per request on a slow
  // stdout (a pipe, the journal) would otherwise hold up every response. Flushed at exit.
  const log = pino(
    { level: config.logLevel, redact: ['req.headers.cookie', 'password'] },
    pino.destination({ dest: 1, sync: false }),
  );
  const startedAt = performance.now();
  const startedAtDate = new Date();
  // Asked now, answered while the database starts: the ready line below names the ffmpeg.
  const media = mediaBinaries();

  // What has started so far: a stop signal may come at any point of the start-up (systemd,
  // a test), and must stop the parts that are already running, the database above all.
  const running: {
    embedded?: EmbeddedDatabase;
    runtime?: Runtime;
    app?: App;
    sweeper?: NodeJS.Timeout;
  } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      clearInterval(running.sweeper);
      await running.app?.close(); // stop accepting, let in-flight requests finish
      await running.runtime?.stop();
      await running.embedded?.stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const embedded = config.databaseUrl
    ? undefined
    : (running.embedded = await startEmbeddedPostgres(config.dataDir, log));
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  // The embedded database belongs to this process alone, so jobs found running were ours.
  const runtime = (running.runtime = await startRuntime(config, databaseUrl, log, {
    ownsDatabase: !!embedded,
  }));
  const { deps } = runtime;

  // Leftovers are refused or unreachable already; sweeping only keeps storage from growing.
  const sessions = new SessionService(deps.db);
  const sweep = async (filesBefore: Date) => {
    await sessions.deleteExpired();
    await deleteStalePasswordTokens(deps.db);
    await deleteStaleEmailLinks(deps.db);
    await deleteEndedRateLimits(deps.pool);
    await sweepExpiredExports(deps);
    await sweepAbandonedUploads(config, deps.blobs);
    await sweepOrphanedBlobs(deps.pool, deps.blobs, filesBefore);
  };
  // Files a request may still be writing are spared: on a shared store anything younger than
  // the leftover age; on our own store (embedded database) anything from before this start.
  const leftoverCutoff = () => new Date(Date.now() - LEFTOVER_AGE_MS);
  // On its own store a process can tidy up after its last crash before it serves anyone, so
  // nothing it left half-done is ever seen.
  if (embedded) await sweep(startedAtDate);

  const serves = config.role !== 'worker';
  if (serves) {
    // Imported only here: a worker-only process never loads Fastify, its plugins and the routes
    // (issue 33: several MiB of an idle worker's memory).
    const { buildApp } = await import('./app');
    const app = (running.app = await buildApp({ ...deps, logger: log }));
    await app.listen({ host: config.host, port: config.port });
    // API processes sweep: a worker-only process has no sessions or uploads of its own.
    running.sweeper = setInterval(() => {
      sweep(leftoverCutoff()).catch((error: unknown) => log.warn({ err: error }, 'sweep failed'));
    }, SWEEP_INTERVAL_MS);
    running.sweeper.unref();
    if (!embedded) {
      void sweep(leftoverCutoff()).catch((error: unknown) =>
        log.warn({ err: error }, 'sweep failed'),
      );
    }
  }
  if (config.role !== 'api') await runtime.work();
  const { ffmpeg, warning } = await media;
  if (warning) log.warn(warning);
  // A load's garbage goes back to the system seconds after it, not half a minute (--expose-gc).
  collectGarbageWhenIdle();

  log.info(
    {
      role: config.role,
      database: embedded ? `embedded (${config.dataDir})` : 'external',
      storage: config.s3 ? `s3 (${config.s3.bucket})` : 'local disk',
      ffmpeg: `${ffmpeg.version ?? 'unknown version'} (${ffmpeg.source})`,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'FilmRoom is ready',
  );
}

main().catch((error: unknown) => {
  // pino may not exist yet (bad configuration): report plainly.
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
