import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * Text that runs script if a page ever treats it as HTML: each sets window.__xss, the alert one
 * opens a dialog. Shown as the characters typed, they do nothing.
 */
export const SCRIPT_PAYLOADS = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  alert: '<img src=y onerror=alert(document.domain)>',
} as const;

/** Markdown links and images whose address would run script if it were kept. */
export const MARKDOWN_SCRIPT_LINKS = {
  link: '[Watch this](javascript:window.__xss=1)',
  upperCase: '[Open drill](JAVASCRIPT:window.__xss=1)',
  dataUrl: '[Open data](data:text/html,<script>window.__xss=1</script>)',
  image: '![Chart](javascript:window.__xss=1)',
  rawAnchor: '<a href="javascript:window.__xss=1">raw link</a>',
} as const;

/**
 * An e-mail address that passes the server's check (no spaces, one @, a dot after it) and is
 * markup all the same. Unique per call; the server keeps addresses in lower case.
 */
export function hostileEmail(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `x"><svg/onload=window.__xss=1>${Date.now()}${random}@example.com`;
}

const INJECTED_OR_SCRIPT_ADDRESS = [
  '[onerror]',
  '[onload]',
  '[onfocus]',
  'img[src="x"]',
  'img[src="y"]',
  'a[href*="javascript:" i]',
  'a[href^="data:" i]',
  '[src*="javascript:" i]',
  '[src^="data:text" i]',
].join(', ');

/**
 * An address the browser's e-mail field accepts (the HTML rules allow ' and = before the @, but
 * not < > or ") that would break out of a single-quoted attribute. Unique per call.
 */
export function attributeBreakingEmail(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `x'onfocus=window.__xss=1'autofocus='${random}@example.com`;
}

/**
 * Watches a page for script run by a payload: any dialog it opens (dismissed and recorded) and
 * the window.__xss flag. Call the returned check before leaving each screen: a new document
 * forgets the flag.
 */
export function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return async function expectNoScriptRan(screen: string) {
    expect(dialogs, `dialogs opened on ${screen}`).toEqual([]);
    const flag = await page.evaluate(() => (window as { __xss?: unknown }).__xss);
    expect(flag, `window.__xss on ${screen}`).toBeUndefined();
    // What the payloads would have created had they been parsed as HTML (React never writes an
    // inline event handler, so any on the page came from a payload), and addresses that would
    // run script when followed or loaded.
    const offenders = await page.evaluate((selector) => {
      return Array.from(document.querySelectorAll(selector), (element) =>
        element.outerHTML.slice(0, 200),
      );
    }, INJECTED_OR_SCRIPT_ADDRESS);
    expect(offenders, `elements made from payloads, or script addresses, on ${screen}`).toEqual([]);
  };
}

/** A link whose address was emptied (spec §5): it is not a javascript: or data: address. */
export async function expectDefused(link: Locator) {
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href, `href of ${await link.textContent()}`).not.toMatch(
    /^\s*(javascript|data|vbscript):/i,
  );
}
