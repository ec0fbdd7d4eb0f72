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
 * session advisory lock, all of a process's held on one connection of its own, so a process
 * that dies lets go of them with it. As with MemoryLocker, a request that wants a held lock
 * asks the holder to let go (NOTIFY, heard on a LISTEN connection in every process): a PATCH
 * resumed after a dropped connection does not wait behind the dead one.
 *
 * Nothing is shared that one account could use up: a lock held or waited for takes no
 * connection of its own (ten slow PATCHes once held a pool of ten, and every other upload
 * waited 30 s for a 423). A waiter waits for its own upload's lock only.
 */
export class PostgresLocker implements Locker {
  /** What to call to make this process's holder of an upload's lock let go. */
  readonly holders = new Map<string, RequestRelease>();
  /**
   * Uploads this process holds or is taking the lock of: the connection's advisory locks are
   * re-entrant, so two of this process's requests must never both ask PostgreSQL for one.
   */
  readonly claimed = new Map<string, RequestRelease>();
  private connection: Promise<pg.Client> | undefined;
  private listener: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    readonly connectionString: string,
    readonly options: {
      acquireLockTimeoutMs?: number;
      log?: Log;
    } = {},
  ) {}

  get timeoutMs(): number {
    return this.options.acquireLockTimeoutMs ?? 30_000;
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** The connection this process's advisory locks are held on (made when first needed). */
  lockConnection(): Promise<pg.Client> {
    this.connection ??= this.connect();
    return this.connection;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.connection === connected) this.connection = undefined;
      if (this.closed) return;
      this.options.log?.warn({ err: error }, 'upload lock connection lost');
      // Its locks went with it: every holder must stop writing at once.
      for (const release of this.holders.values()) void release();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    const connected = client.connect().then(
      () => client,
      (error: unknown) => {
        lost = true;
        if (this.connection === connected) this.connection = undefined;
        throw error;
      },
    );
    return connected;
  }

  /** Makes sure this process hears requests to let go (before it holds anything). */
  listening(): Promise<pg.Client> {
    this.listener ??= this.listen();
    return this.listener;
  }

  private async listen() {
    try {
      return await listenOn(this.connectionString, CHANNEL, {
        onNotification: (payload) => {
          if (payload) void this.holders.get(payload)?.();
        },
        onLost: (error) => {
          if (this.closed || this.listener === undefined) return;
          this.listener = undefined;
          this.options.log?.warn({ err: error }, 'upload lock listener lost; reconnecting');
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
  async askToRelease(client: pg.Client, id: string): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    const connection = this.connection;
    this.listener = undefined;
    this.connection = undefined;
    await listener?.then((client) => client.end()).catch(() => undefined);
    await connection?.then((client) => client.end()).catch(() => undefined);
  }
}

class PostgresLock implements Lock {
  private held = false;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { id, locker } = this;
    const deadline = Date.now() + locker.timeoutMs;
    await locker.listening();
    let askedAt = 0;
    const waitOrGiveUp = async () => {
      if (signal.aborted) throw ERRORS.ABORTED;
      if (Date.now() >= deadline) throw new UploadLockTimeout(id, locker.timeoutMs);
      await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
    };
    // Another request of this process has the upload: ask it to let go, and wait for it here.
    while (locker.claimed.has(id)) {
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        void locker.claimed.get(id)!();
        askedAt = Date.now();
      }
      await waitOrGiveUp();
    }
    locker.claimed.set(id, requestRelease);
    try {
      askedAt = 0;
      for (;;) {
        const client = await locker.lockConnection();
        const { rows } = await client.query<{ got: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS got',
          [UPLOAD_LOCK, id],
        );
        if (rows[0]!.got) break;
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          await locker.askToRelease(client, id);
          askedAt = Date.now();
        }
        await waitOrGiveUp();
      }
    } catch (error) {
      locker.claimed.delete(id);
      throw error;
    }
    this.held = true;
    locker.holders.set(id, requestRelease);
  }

  async unlock(): Promise<void> {
    if (!this.held) throw new Error('Releasing an unlocked lock!');
    this.held = false;
    const { id, locker } = this;
    locker.holders.delete(id);
    try {
      const client = await locker.lockConnection();
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK, id]);
    } catch {
      // The connection is gone, and PostgreSQL dropped its locks with it.
    } finally {
      locker.claimed.delete(id);
    }
  }
}
