// Debian's Chromium for the bench's page rows (playwright-core never downloads a browser), and a
// page context signed in as a bench account.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { Account } from './load-seed';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
}

/** A fresh context of `viewport` carrying the account's session cookie for `origin`. */
export async function signedInContext(
  browser: Browser,
  origin: string,
  account: Account,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const [name, value] = account.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: origin }]);
  return context;
}
