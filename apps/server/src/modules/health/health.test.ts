import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('says ok, and which role the process runs, to anyone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', role: 'all' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not', async () => {
    // Nothing listens on port 1: every query fails at once.
    const unreachable = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    unreachable.on('error', () => undefined);
    const app = await buildApp({ ...ctx.runtime.deps, pool: unreachable });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering' });
    } finally {
      await app.close();
      await unreachable.end();
    }
  });
});
