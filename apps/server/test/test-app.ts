import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createTestDatabase, type TestDatabase } from './test-database';

export const APP_ORIGIN = 'http://localhost:80';

export type TestContext = { app: App; database: TestDatabase; config: Config };

/**
 * Builds the real app on a database of the file's own, for `app.inject` requests.
 * `env` sets environment variables as an operator would.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent/filmroom-test',
      WEB_DIST_DIR: '/nonexistent/filmroom-web',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_USERNAME: '1000',
      ...env,
    });
    context.app = await buildApp({ config: context.config, db: context.database.db });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.drop();
  });
  return context;
}
