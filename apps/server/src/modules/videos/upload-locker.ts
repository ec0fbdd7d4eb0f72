import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { listenOn } from '../../db/listen';

// The first half of the advisory-lock key of an upload (the second is its id's hash). A hash
// collision only makes two uploads wait for each other now and then.
const UPLOAD_LOCK = 4_201_981;
// Whoever waits for an upload's lock asks its holder here to let go; the payload is its id.
const CHANNEL = 'filmroom_upload_lock';
// How often a waiter tries the lock again, and asks again: a request heard while the holder's
// LISTEN connection was down is not lost for good.
const RETRY_MS = 50;
const ASK_AGAIN_MS = 1_000;

/** No lock on the upload within the time allowed: another request is still writing it. */
export class UploadLockTimeout extends Error {
  constructor(
    readonly uploadId: string,
    readonly waitedMs: number,
  ) {
    super(
      `This upload is still being written by another request (waited ${Math.round(waitedMs / 1000)} s). Try again in a moment.`,
    );
    this.name = 'UploadLockTimeout';
  }
}

type Log = { warn(details: object, message: string): void };

/**
 * The tus server's lock on an upload (one request at a time writes it), shared by every API
 * process through PostgreSQL: the tus MemoryLocker only sees its own process. A lock is a
 * session advisory lock held on a connection of its own for as long as the request holds it,
 * so a process that dies lets go with its connections. As with MemoryLocker, a request that
 * wants a held lock asks the holder to let go (NOTIFY, heard on a LISTEN connection in every
 * process): a PATCH resumed after a dropped connection does not wait behind the dead one.
 */
export class PostgresLocker implements Locker {
  private readonly pool: pg.Pool;
  /** What to call to make this process's holder of an upload's lock let go. */
  readonly holders = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    connectionString: string,
    readonly options: {
      acquireLockTimeoutMs?: number;
      /** Requests of this process writing or waiting for an upload at once. */
      maxLocks?: number;
      log?: Log;
    } = {},
  ) {
    this.pool = new pg.Pool({ connectionString, max: options.maxLocks ?? 10 });
    this.pool.on('error', () => undefined);
  }

  get timeoutMs(): number {
    return this.options.acquireLockTimeoutMs ?? 30_000;
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** A connection for one lock, or the timeout error when every one is busy for too long. */
  async connection(id: string, deadline: number): Promise<pg.PoolClient> {
    const waited = this.pool.connect();
    const timer = sleep(Math.max(0, deadline - Date.now()), null, { ref: false });
    const client = await Promise.race([waited, timer]);
    if (client === null) {
      void waited.then((late) => late.release()).catch(() => undefined);
      throw new UploadLockTimeout(id, this.timeoutMs);
    }
    return client;
  }

  /** Makes sure this process hears requests to let go (before it holds anything). */
  listening(): Promise<pg.Client> {
    this.listener ??= this.listen();
    return this.listener;
  }

  private async listen() {
    try {
      return await listenOn(this.pool.options.connectionString, CHANNEL, {
        onNotification: (payload) => {
          if (payload) void this.holders.get(payload)?.();
        },
        onLost: (error) => {
          if (this.closed || this.listener === undefined) return;
          this.listener = undefined;
          this.options.log?.warn({ err: error }, 'upload lock connection lost; reconnecting');
          // Holders keep listening; a later lock() would also reconnect.
          setTimeout(() => {
            if (!this.closed && this.holders.size > 0) this.listening().catch(() => undefined);
          }, ASK_AGAIN_MS).unref();
        },
      });
    } catch (error) {
      this.listener = undefined;
      throw error;
    }
  }

  /** Asks whoever holds the upload's lock, in any process, to let go. */
  async askToRelease(client: pg.PoolClient, id: string): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.then((client) => client.end()).catch(() => undefined);
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private client: pg.PoolClient | undefined;
  private onLost: (() => void) | undefined;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    await this.locker.listening();
    const client = await this.locker.connection(this.id, deadline);
    // Losing the connection loses the lock: the holder must stop writing at once.
    const onLost = () => void requestRelease();
    client.on('error', onLost);
    try {
      let askedAt = 0;
      for (;;) {
        const { rows } = await client.query<{ got: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS got',
          [UPLOAD_LOCK, this.id],
        );
        if (rows[0]!.got) break;
        if (signal.aborted) throw ERRORS.ABORTED;
        if (Date.now() >= deadline) throw new UploadLockTimeout(this.id, this.locker.timeoutMs);
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          await this.locker.askToRelease(client, this.id);
          askedAt = Date.now();
        }
        await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
      }
    } catch (error) {
      client.off('error', onLost);
      client.release();
      throw error;
    }
    this.client = client;
    this.onLost = onLost;
    this.locker.holders.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = undefined;
    this.locker.holders.delete(this.id);
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK, this.id]);
      client.release();
    } catch (error) {
      // A broken connection is not reused: PostgreSQL drops its locks with it.
      client.release(error as Error);
    } finally {
      client.off('error', this.onLost!);
    }
  }
}
