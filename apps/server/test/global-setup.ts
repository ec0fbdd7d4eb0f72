import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { buildCompiledServer } from './server-process';
import { createTemplateDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server where each test file creates (and drops) its own database. */
    adminDatabaseUrl: string;
    /** The migrated database each test file's own is copied from (test-database.ts). */
    templateDatabase: string;
  }
}

/**
 * One real PostgreSQL for the whole run: the embedded one, or TEST_DATABASE_URL (for example
 * Debian's PostgreSQL 15 in CI) when set.
 */
export default async function setup(project: TestProject) {
  // The process tests run the server as `npm start` does: built here, once, before the workers
  // start them side by side.
  buildCompiledServer();
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    return provideTemplate(project, external);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-test-pg-'));
  // A cluster thrown away after the run: waiting for each commit to reach the disk buys nothing.
  const postgres = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }), {
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  });
  project.provide('adminDatabaseUrl', postgres.url);
  const dropTemplate = await provideTemplate(project, postgres.url);
  return async () => {
    await dropTemplate();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** A template named for this run, so runs on one shared server do not meet. */
async function provideTemplate(project: TestProject, adminUrl: string) {
  const name = `filmroom_template_${randomBytes(6).toString('hex')}`;
  const drop = await createTemplateDatabase(adminUrl, name);
  project.provide('templateDatabase', name);
  return drop;
}
