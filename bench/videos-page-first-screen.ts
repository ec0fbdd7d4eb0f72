// The Videos page in a real browser (Debian's Chromium through playwright-core): how long from
// asking for /videos until the first screen of cards is on it. Goal: under 1 s.
import { chromium, type Browser } from 'playwright-core';
import type { Account } from './load-seed';
import type { Row } from './table';

const LOADS = 7;

/** The little of the page's globals that the measurement reads. */
type BrowserPage = {
  document: {
    querySelectorAll: (selector: string) => ArrayLike<{
      getBoundingClientRect: () => { bottom: number };
    }>;
  };
  innerHeight: number;
  performance: { now: () => number };
};
const VIEWPORT = { width: 1440, height: 900 };

/** Milliseconds from navigation start until the cards filling the first screen are shown. */
async function firstScreen(browser: Browser, origin: string, account: Account) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const [name, value] = account.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/videos`, { waitUntil: 'commit' });
    // Time on the page's own clock, from the start of the navigation: the server's answers,
    // the scripts, the first page of the list and the layout all count.
    const shown = await page.waitForFunction(
      () => {
        // Runs in the page; this bench compiles without the browser's types.
        const page = globalThis as unknown as BrowserPage;
        const cards = page.document.querySelectorAll(
          '[role="list"][aria-label="Videos"] [role="listitem"]',
        );
        const last = cards[cards.length - 1];
        // A first screen is full once a card reaches its bottom edge.
        return last && last.getBoundingClientRect().bottom >= page.innerHeight
          ? page.performance.now()
          : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    return (await shown.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

export async function benchVideosPageFirstScreen(
  origin: string,
  account: Account,
  library: string,
): Promise<Row> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // A new browser profile each time: nothing cached, as on a first visit.
    const times: number[] = [];
    for (let load = 0; load < LOADS; load++)
      times.push(await firstScreen(browser, origin, account));
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return {
      measure: `Videos page, ${library}: first screen of cards in Chromium (${VIEWPORT.width}×${VIEWPORT.height}), median of ${LOADS}`,
      value: `${median.toFixed(0)} ms`,
      note: `goal < 1000 ms; slowest ${sorted.at(-1)!.toFixed(0)} ms; each load a fresh browser context (nothing cached), over loopback`,
    };
  } finally {
    await browser.close();
  }
}
