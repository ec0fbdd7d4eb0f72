import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { startRuntime, type Runtime } from '../src/runtime';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestContext = {
  app: App;
  database: TestDatabase;
  config: Config;
  runtime: Runtime;
  dataDir: string;
};

/**
 * Builds the real app on a database and a data folder of the file's own, for `app.inject`
 * requests. `env` sets environment variables as an operator would; `work` also runs jobs.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: { work?: boolean } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-app-'));
    context.config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: context.dataDir,
      WEB_DIST_DIR: '/nonexistent/filmroom-web',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_USERNAME: '1000',
      REGISTRATIONS_PER_NETWORK_PER_HOUR: '1000',
      // Vision is minutes of CPU per clip: only the files that test analysis turn it on.
      WORK_QUEUES: 'media.prepare',
      ...env,
    });
    const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
    context.runtime = await startRuntime(context.config, context.database.url, log, {
      ownsDatabase: true,
    });
    context.app = await buildApp(context.runtime.deps);
    await context.app.ready();
    if (options.work) await context.runtime.work();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.runtime?.stop();
    await context.database?.drop();
    if (context.dataDir) await rm(context.dataDir, { recursive: true, force: true });
  });
  return context;
}

/**
 * Another app on the context's database and data folder, listening on a port of its own;
 * `config` changes its settings (as another process started with other settings would be).
 */
export async function listenOnOwnPort(context: TestContext, config: Partial<Config> = {}) {
  const app = await buildApp({
    ...context.runtime.deps,
    config: { ...context.runtime.deps.config, ...config },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, origin: `http://127.0.0.1:${port}` };
}
