import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { applyMigrations, connectDatabase } from './db/connection';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { SessionService } from './modules/auth/session-service';

const SHUTDOWN_GRACE_MS = 10_000;
const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: ['req.headers.cookie', 'password'] });
  const startedAt = performance.now();

  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, log);
  const databaseUrl = config.databaseUrl ?? embedded!.url;

  const database = connectDatabase(databaseUrl);
  await applyMigrations(database.pool);

  const app = await buildApp({ config, db: database.db, logger: log });
  await app.listen({ host: config.host, port: config.port });
  log.info(
    {
      database: embedded ? `embedded (${config.dataDir})` : 'external',
      startupMs: Math.round(performance.now() - startedAt),
    },
    'FilmRoom is ready',
  );

  // Expired sessions are refused on sight; this only keeps the table from growing forever.
  const sessions = new SessionService(database.db);
  const sweep = setInterval(() => {
    sessions
      .deleteExpired()
      .catch((error: unknown) => log.warn({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS);
  sweep.unref();

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
      clearInterval(sweep);
      await app.close(); // stop accepting, let in-flight requests finish
      await database.close();
      await embedded?.stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // pino may not exist yet (bad configuration): report plainly.
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
