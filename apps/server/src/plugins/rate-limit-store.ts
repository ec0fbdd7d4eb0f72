import type pg from 'pg';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * @fastify/rate-limit's store interface, kept in PostgreSQL: every API process counts into the
 * same rows, so N processes do not give an attacker N times the tries. One statement per
 * attempt both counts and, once a window has ended, starts the next.
 */
export function postgresRateLimitStore(pool: pg.Pool) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindowMs: number) {
      pool
        .query<{ hits: number; ttl_ms: number }>(
          `INSERT INTO rate_limits AS r (key, hits, window_ends)
           VALUES ($1, 1, now() + $2 * interval '1 millisecond')
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
             window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends
                                ELSE r.window_ends END
           RETURNING hits, greatest(0, extract(epoch FROM r.window_ends - now()) * 1000)::float8
             AS ttl_ms`,
          [key, timeWindowMs],
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: Math.ceil(rows[0]!.ttl_ms) }),
          (error: Error) => callback(error),
        );
    }

    /** Every limit keys its rows apart (see limitRequests), so one table serves them all. */
    child() {
      return this;
    }
  };
}

/** Counters whose window ended: kept only until the hourly sweep. */
export async function deleteEndedRateLimits(pool: pg.Pool): Promise<void> {
  await pool.query('DELETE FROM rate_limits WHERE window_ends < now()');
}
