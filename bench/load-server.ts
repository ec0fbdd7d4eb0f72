// The real server process for the load rows, on an embedded PostgreSQL that this bench starts
// itself (the server gets it as DATABASE_URL), so the bench can seed rows with SQL directly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connectDatabase, type Database } from '../apps/server/src/db/connection';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { buildCompiledServer, startServerProcess } from '../apps/server/test/server-process';

export type LoadServer = {
  origin: string;
  pid: number;
  /** The server's database, for seeding. */
  db: Database;
  /** Stops the server, then its database, and removes every file of the run. */
  stop: () => Promise<void>;
};

export async function startLoadServer(env: Record<string, string>): Promise<LoadServer> {
  buildCompiledServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-load-'));
  const database = await startEmbeddedPostgres(dataDir, pino({ level: 'warn' })).catch(
    async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  const removeAll = async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Blobs go under the same DATA_DIR, as on one machine; the cluster there is not the server's.
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ...env,
    });
    // Two connections are plenty for seeding and stay out of the server's way.
    const connection = connectDatabase(database.url, { maxConnections: 2 });
    return {
      origin: server.origin,
      pid: server.child.pid!,
      db: connection.db,
      stop: async () => {
        await connection.close();
        await server.stop('SIGTERM');
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}
