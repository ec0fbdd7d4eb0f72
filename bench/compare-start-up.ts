// The Compare view in a real browser (Debian's Chromium through playwright-core): how long from
// asking for /compare?a=…&b=… until both players show their frame at the sync point. Two
// prepared clips of one coach, no analysis (the skeletons and numbers load after the pictures).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { uploadFile, waitForVideo } from '../apps/server/test/http-client';
import { registerCoach, type Account } from './load-seed';
import { startLoadServer } from './load-server';
import type { Row } from './table';

const LOADS = 5;
const VIEWPORT = { width: 1440, height: 900 };
const fixtures = path.resolve(import.meta.dirname, '../../shared/fixtures/video');
const root = path.resolve(import.meta.dirname, '..');

/** The little of the page's globals that the measurement reads. */
type BrowserPage = {
  document: { querySelectorAll: (selector: string) => ArrayLike<unknown> };
  performance: { now: () => number };
};

async function preparedClip(origin: string, coach: Account, clip: string): Promise<string> {
  const { id } = await uploadFile(origin, coach.cookie, path.join(fixtures, clip), 'video/mp4');
  const video = await waitForVideo(
    origin,
    coach.cookie,
    id,
    (state) => state.status !== 'processing',
    60_000,
  );
  if (video.status !== 'ready') throw new Error(`preparation failed: ${video.failureReason}`);
  return id;
}

/** Milliseconds from navigation start until both sides are ready (`data-ready` on each player). */
async function startUp(browser: Browser, origin: string, coach: Account, address: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const [name, value] = coach.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}${address}`, { waitUntil: 'commit' });
    const ready = await page.waitForFunction(
      () => {
        // Runs in the page; this bench compiles without the browser's types.
        const page = globalThis as unknown as BrowserPage;
        return page.document.querySelectorAll('[data-testid^="compare-player-"][data-ready="true"]')
          .length === 2
          ? page.performance.now()
          : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    return (await ready.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

export async function benchCompareStartUp(): Promise<Row[]> {
  // The page is the built web app the compiled server serves.
  execFileSync(process.execPath, ['scripts/build.mjs', 'web'], { cwd: root, stdio: 'ignore' });
  const server = await startLoadServer({ WORK_QUEUES: 'media.prepare' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const coach = await registerCoach(server.origin, {
      username: 'compare@example.com',
      password: 'compare bench password',
    });
    const squats = await preparedClip(server.origin, coach, 'squats_single_person.mp4');
    const golf = await preparedClip(
      server.origin,
      coach,
      'golf_down-the-line-simulator-indoor.mp4',
    );
    const rows: Row[] = [];
    for (const [what, address] of [
      ['two moments of one clip', `/compare?a=${squats}@2.4&b=${squats}@7.2`],
      ['two clips', `/compare?a=${squats}@2.4&b=${golf}@1.5`],
    ] as const) {
      // A new browser context each time: nothing cached, as when a shared link is opened.
      const times: number[] = [];
      for (let load = 0; load < LOADS; load++) {
        times.push(await startUp(browser, server.origin, coach, address));
      }
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({
        measure: `compare start-up, ${what}: navigation to both players ready in Chromium (${VIEWPORT.width}×${VIEWPORT.height}), median of ${LOADS}`,
        value: `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms`,
        note: `slowest ${sorted.at(-1)!.toFixed(0)} ms; each load a fresh browser context, over loopback; ready = each side's frame at its sync point decoded`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
