import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. Kept in process.env so the test workers, which inherit it,
// agree with the main process on which directory this run owns (see global-setup.ts).
process.env.FILMROOM_E2E_DATA_DIR ??= path.join(repoRoot, 'e2e/.artifacts', `data-${Date.now()}`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.artifacts/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // The machine has two cores; one runs the server and its PostgreSQL.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // `npm test` asks for a JSON report too, to print one pass/fail line for the whole run.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; the test run never downloads a browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production server, serving the web app built by `npm run test:e2e`.
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/user`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Let the server stop its embedded PostgreSQL instead of leaving it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.FILMROOM_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every test signs up and in; the production limits would stop the suite, not an attacker.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_USERNAME: '100000',
      // The video tests are about upload, preparation and playback; the vision scan (minutes of
      // CPU per clip) joins when the analysis screens get their browser tests.
      WORK_QUEUES: 'media.prepare',
    },
  },
});
