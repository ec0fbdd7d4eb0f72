import { existsSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// For global-setup.ts, which makes each server's administrator before any spec runs.
process.env.FILMROOM_E2E_BASE_URL ??= baseURL;

// A fresh database per run. Kept in process.env so the test workers, which inherit it,
// agree with the main process on which directory this run owns (see global-setup.ts).
process.env.FILMROOM_E2E_DATA_DIR ??= path.join(repoRoot, 'e2e/.artifacts', `data-${Date.now()}`);
const dataDir = process.env.FILMROOM_E2E_DATA_DIR;

// The measuring server (see analysis-measured.spec.ts) is found by the specs through this.
process.env.FILMROOM_E2E_MEASURED_URL ??= `http://127.0.0.1:${Number(process.env.E2E_MEASURED_PORT ?? port + 1)}`;
const measuredURL = process.env.FILMROOM_E2E_MEASURED_URL;

// The SMTP peer (started by global-setup.ts) that the first server relays its mail to, and the
// folder where it keeps each message for the specs to read (see mail-support.ts).
process.env.FILMROOM_E2E_SMTP_PORT ??= String(Number(process.env.E2E_SMTP_PORT ?? port + 2));
process.env.FILMROOM_E2E_MAIL_DIR ??= `${dataDir}-mail`;
const smtpPort = process.env.FILMROOM_E2E_SMTP_PORT;

// The measuring server has no relay: its mail goes to its log, which whoever runs a server
// without SMTP reads for links (a new account's confirmation). The specs read it here.
process.env.FILMROOM_E2E_OUTBOX_LOG ??= `${dataDir}-measured.log`;
const outboxLog = process.env.FILMROOM_E2E_OUTBOX_LOG;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine without the
 * full browser's own pages, which headless Chromium still renders in a renderer of their own. On
 * ten specs (a11y, drawing, player layout) on this two-core machine it ran them in 4.1 minutes
 * instead of 5.1. The full browser when the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

/**
 * Playwright has Chromium keep its shared memory in /tmp instead of /dev/shm, for containers whose
 * /dev/shm is 64 MB; /tmp is a disk here. With a /dev/shm of a gigabyte or more, it stays there.
 */
const roomyDevShm = (() => {
  try {
    const { blocks, bsize } = statfsSync('/dev/shm');
    return blocks * bsize >= 1024 ** 3;
  } catch {
    return false;
  }
})();

/**
 * The production server, serving the web app built by `npm run test:e2e`; with `logFile`, its
 * log (stdout) is written there.
 */
function server(url: string, env: Record<string, string>, logFile?: string) {
  return {
    // `exec` keeps the server the process Playwright signals at the end.
    command: `exec node apps/server/dist/main.js${logFile ? ` >> '${logFile}'` : ''}`,
    cwd: repoRoot,
    url: `${url}/api/user`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // Let the server stop its embedded PostgreSQL instead of leaving it running.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    env: {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      PORT: new URL(url).port,
      LOG_LEVEL: 'warn',
      // Every test signs up and in; the production limits would stop the suite, not an attacker.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_USERNAME: '100000',
      REGISTRATIONS_PER_NETWORK_PER_HOUR: '100000',
      // The first account on each server, made by global-setup.ts (see ADMIN_EMAIL in support.ts).
      ADMIN_EMAILS: 'admin@filmroom.test',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '.artifacts/test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  // The machine has two cores; the servers and their PostgreSQL share them with the browsers.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // `npm test` asks for a JSON report too, to print one pass/fail line for the whole run.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // The app honours reduced motion (spinners and skeletons stand still, transitions are
    // instant). Without it, every spinning or pulsing element is repainted 60 times a second
    // by a software renderer: measured on two specs, Chromium's CPU time fell from 162 s to
    // 69 s with it. No spec is about motion; one that is can ask for 'no-preference'.
    reducedMotion: 'reduce',
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Recorded for every test and kept only for a failure: the DOM snapshot of each action
    // says what went wrong; the screencast (a JPEG per painted frame, and the videos play) cost
    // CPU on every passing test. The failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; the test run never downloads a browser.
      executablePath: chromium,
      ...(roomyDevShm ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}),
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
  webServer: [
    server(baseURL, {
      DATA_DIR: dataDir,
      // The video tests are about upload, preparation and playback; the vision scan (a minute
      // of CPU per clip) runs only on the measuring server below.
      WORK_QUEUES: 'media.prepare,export.render',
      // Real mail to a real SMTP peer on loopback; links in it point at this server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_ORIGIN: baseURL,
    }),
    // Every queue on, for the one spec that follows a clip from upload to its measured analysis.
    // Its own database beside the first one (global-setup.ts keeps both for this run).
    server(
      measuredURL,
      {
        DATA_DIR: `${dataDir}-measured`,
        WORK_QUEUES: 'media.prepare,vision.scan,analysis.generate,analysis.range,export.render',
        // The squats and golf clips (13 s, 4 s) the measured specs follow are analysed whole; the
        // deadlift clip (15 s) counts as long, analysed only in chosen ranges (range-analysis.spec.ts).
        AUTO_ANALYSIS_MAX_SECONDS: '14',
        LOG_LEVEL: 'info',
      },
      outboxLog,
    ),
  ],
});
