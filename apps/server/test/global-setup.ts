import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server where each test file creates (and drops) its own database. */
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: the embedded one, or TEST_DATABASE_URL (for example
 * Debian's PostgreSQL 15 in CI) when set.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    return;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-test-pg-'));
  const postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  project.provide('adminDatabaseUrl', postgres.url);
  return async () => {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
