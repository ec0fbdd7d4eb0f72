import type pg from 'pg';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * @fastify/rate-limit's store interface, kept in PostgreSQL: every API process counts into the
 * same rows, so N processes do not give an attacker N times the tries.
 */
export function postgresRateLimitStore(pool: pg.Pool) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindowMs: number) {
      countHit(pool, key, timeWindowMs).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /** Every limit keys its rows apart (see limitRequests), so one table serves them all. */
    child() {
      return this;
    }
  };
}

/**
 * Counts one more hit on `key` and says how many its window holds so far and how many
 * milliseconds it has left. One statement both counts and, once a window has ended, starts the
 * next. Request limits count here through @fastify/rate-limit, and so does anything else that
 * must hold across every process (mail to one recipient).
 */
export async function countHit(pool: pg.Pool, key: string, timeWindowMs: number): Promise<Counted> {
  const { rows } = await pool.query<{ hits: number; ttl_ms: number }>(
    `INSERT INTO rate_limits AS r (key, hits, window_ends)
     VALUES ($1, 1, now() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
       window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends
                          ELSE r.window_ends END
     RETURNING hits, greatest(0, extract(epoch FROM r.window_ends - now()) * 1000)::float8
       AS ttl_ms`,
    [key, timeWindowMs],
  );
  return { current: rows[0]!.hits, ttl: Math.ceil(rows[0]!.ttl_ms) };
}

/** Counters whose window ended: kept only until the hourly sweep. */
export async function deleteEndedRateLimits(pool: pg.Pool): Promise<void> {
  await pool.query('DELETE FROM rate_limits WHERE window_ends < now()');
}
