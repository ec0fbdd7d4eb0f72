import { ERRORS, type Lock } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { PostgresLocker, UploadLockTimeout } from './upload-locker';

let database: TestDatabase;
// Two lockers, as two API processes have: nothing shared but the database.
let first: PostgresLocker;
let second: PostgresLocker;
beforeAll(async () => {
  database = await createTestDatabase();
  first = new PostgresLocker(database.url);
  second = new PostgresLocker(database.url, { acquireLockTimeoutMs: 2_000 });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

const uploadId = () => crypto.randomUUID().replaceAll('-', '');

/** Locks `id` with `locker`, counting the requests to let go it is sent while it holds. */
async function hold(locker: PostgresLocker, id: string, onRequest?: (lock: Lock) => void) {
  const lock = locker.newLock(id);
  const held = { lock, requests: 0 };
  await lock.lock(new AbortController().signal, () => {
    held.requests += 1;
    onRequest?.(lock);
  });
  return held;
}

describe('the upload lock shared through PostgreSQL', () => {
  it('lets one process at a time hold an upload; the other gets it once released', async () => {
    const id = uploadId();
    const holder = await hold(first, id);
    let acquired = false;
    const waiting = hold(second, id).then((held) => {
      acquired = true;
      return held;
    });
    // The waiter asks the holder, in the other process, to let go.
    await expect.poll(() => holder.requests).toBeGreaterThan(0);
    expect(acquired).toBe(false);

    await holder.lock.unlock();
    const next = await waiting;
    expect(acquired).toBe(true);
    await next.lock.unlock();
    // Released for good: the first process has it again at once.
    await (await hold(first, id)).lock.unlock();
  });

  it('hands over as soon as the holder lets go when asked (a dead request resumed)', async () => {
    const id = uploadId();
    await hold(first, id, (lock) => void lock.unlock());
    const next = await hold(second, id);
    await next.lock.unlock();
  });

  it('keeps uploads apart: another upload is not held up', async () => {
    const holder = await hold(first, uploadId());
    const other = await hold(second, uploadId());
    expect(holder.requests).toBe(0);
    await other.lock.unlock();
    await holder.lock.unlock();
  });

  it('takes no shared pool a few slow requests could use up: others get their locks at once', async () => {
    // Thirty uploads held at once in one process, as by slow PATCHes (ten once used up the
    // lock connections, and every other upload waited 30 s for a 423).
    const held = await Promise.all(Array.from({ length: 30 }, () => hold(first, uploadId())));
    const started = performance.now();
    const mine = await hold(first, uploadId());
    const elsewhere = await hold(second, uploadId());
    const waitedMs = performance.now() - started;
    expect(waitedMs).toBeLessThan(1_000);
    await mine.lock.unlock();
    await elsewhere.lock.unlock();
    for (const { lock, requests } of held) {
      expect(requests).toBe(0);
      await lock.unlock();
    }
  });

  it('lets one request of a process at a time hold an upload, asking the holder to let go', async () => {
    const id = uploadId();
    const holder = await hold(first, id, (lock) => void lock.unlock());
    // The same process: its connection's advisory locks are re-entrant, so this must wait
    // for the holder here rather than be given the lock by PostgreSQL as well.
    const next = await hold(first, id);
    expect(holder.requests).toBe(1);
    await expect(holder.lock.unlock()).rejects.toThrow('Releasing an unlocked lock!');
    const third = hold(second, id);
    await expect.poll(() => next.requests).toBeGreaterThan(0);
    await next.lock.unlock();
    await (await third).lock.unlock();
  });

  it('gives up with a clear error when the holder does not let go in time', async () => {
    const id = uploadId();
    const holder = await hold(first, id);
    const error = await hold(second, id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadLockTimeout);
    expect((error as Error).message).toBe(
      'This upload is still being written by another request (waited 2 s). Try again in a moment.',
    );
    expect(holder.requests).toBeGreaterThan(0);
    await holder.lock.unlock();
  });

  it('stops waiting when the waiting request is aborted', async () => {
    const id = uploadId();
    const holder = await hold(first, id);
    const abort = new AbortController();
    const waiting = second.newLock(id).lock(abort.signal, () => undefined);
    await expect.poll(() => holder.requests).toBeGreaterThan(0);
    abort.abort();
    await expect(waiting).rejects.toBe(ERRORS.ABORTED);
    await holder.lock.unlock();
  });

  it('is let go when its process dies, and the holder is told to stop', async () => {
    const id = uploadId();
    const holder = await hold(first, id);
    // The holder's connection ends, as when its process is killed.
    await database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 4201981 AND objid = hashtext($1)::oid`,
      [id],
    );
    const next = await hold(second, id);
    await expect.poll(() => holder.requests).toBeGreaterThan(0);
    await holder.lock.unlock();
    await next.lock.unlock();
  });

  it('refuses to release a lock it does not hold', async () => {
    await expect(first.newLock(uploadId()).unlock()).rejects.toThrow('Releasing an unlocked lock!');
  });
});
