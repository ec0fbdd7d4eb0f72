// The tagging timeline in a real browser (Debian's Chromium through playwright-core): a game's
// 1,500 events drawn under the player. Timed on the page's own clock from the moment the
// events' answer has arrived (its resource timing) until the timeline's bars (or, where they
// are too close to tell apart, their clusters) are on the page:
// parsing the answer, React's render and the layout, not the server or the network.
import { chromium, type Browser } from 'playwright-core';
import type { Account } from './load-seed';
import type { Row } from './table';

const LOADS = 5;
const VIEWPORT = { width: 1440, height: 900 };

/** The little of the page's globals that the measurement reads. */
type BrowserPage = {
  document: { querySelectorAll: (selector: string) => ArrayLike<unknown> };
  performance: {
    now: () => number;
    getEntriesByType: (type: 'resource') => { name: string; responseEnd: number }[];
  };
};

/**
 * Milliseconds from the events' answer to their bars drawn, and how many bars and clusters
 * were drawn.
 */
async function timelineRender(browser: Browser, origin: string, coach: Account, videoId: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const [name, value] = coach.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/videos/${videoId}`, { waitUntil: 'commit' });
    const drawn = await page.waitForFunction(
      () => {
        // Runs in the page; this bench compiles without the browser's types.
        const page = globalThis as unknown as BrowserPage;
        const bars = page.document.querySelectorAll(
          '[data-testid="tag-timeline-bar"], [data-testid="tag-timeline-cluster"]',
        ).length;
        if (bars === 0) return false;
        const answer = page.performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/tag-events'));
        return answer ? { ms: page.performance.now() - answer.responseEnd, bars } : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await drawn.jsonValue()) as { ms: number; bars: number };
  } finally {
    await context.close();
  }
}

export async function benchTagTimelineRender(
  origin: string,
  coach: Account,
  videoId: string,
  events: number,
): Promise<Row> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const loads: { ms: number; bars: number }[] = [];
    for (let load = 0; load < LOADS; load++) {
      loads.push(await timelineRender(browser, origin, coach, videoId));
    }
    const sorted = [...loads].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return {
      measure: `Tagging timeline, a 90-minute game of ${events.toLocaleString('en-US')} events: first render in Chromium (${VIEWPORT.width}×${VIEWPORT.height}) from the events' answer to their bars drawn, median of ${LOADS}`,
      value: `${median.ms.toFixed(0)} ms`,
      note: `goal < 100 ms; slowest ${sorted.at(-1)!.ms.toFixed(0)} ms; ${median.bars} bars and clusters drawn (only those in view); each load a fresh browser context`,
    };
  } finally {
    await browser.close();
  }
}
