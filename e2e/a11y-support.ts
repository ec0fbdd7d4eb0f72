import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The impacts this suite allows none of; minor and moderate findings are not failures. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe itself, minified. Parsing it is most of an audit's cost (1.3 MB unminified took 2.5 s a
 * time on a loaded two-core machine; an audit after that, under a second), so each page gets it
 * once: both colour schemes, and every screen reached without a reload, run on that one copy.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Lets entry animations (dialogs fading and sliding in) and colour transitions (a scheme just
 * switched) finish, so axe measures contrast on the colours people end up seeing rather than a
 * half-way frame. Two frames first: a scheme switched a moment ago starts its transitions only
 * when the page next renders. Endless animations (spinners, skeleton pulses) are left alone.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame += 1) {
      await new Promise((rendered) => requestAnimationFrame(rendered));
    }
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * One violation as a person would read it: what, how bad, where, and why. (No line starts with
 * "at ": Playwright would take it for a stack frame and move it out of the message.)
 */
function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const why = (node.failureSummary ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^Fix (any|all)/.test(line.trim()))
      .map((line) => `      ${line.trim()}`);
    return [`    - ${node.target.join(' ')}`, `      ${node.html}`, ...why].join('\n');
  });
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join('\n');
}

/**
 * Runs axe (every rule, or only `rules`) on the page as it is now; the serious and critical
 * violations, as a report.
 */
async function blockingViolations(page: Page, where: string, rules?: string[]) {
  await settle(page);
  // Through CDP, so the app's Content-Security-Policy (script-src 'self') does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // The app has no frames: one run in the page itself, without collecting the passes.
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  };
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
    };
    return (await axe.run(document, options)).violations;
  }, options);
  await test.info().attach(`axe: ${where}`, {
    body: JSON.stringify(violations, null, 2),
    contentType: 'application/json',
  });
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(describeViolation);
}

/** Only colours change between the schemes, so the dark one is checked by these rules alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Audits the screen as it is now in both colour schemes (the app follows the system's), and
 * records, softly so that one run reports every screen, any serious or critical violation. The
 * full findings are attached to the test's report either way.
 */
export async function expectAccessible(page: Page, screen: string) {
  const width = page.viewportSize()?.width ?? '?';
  for (const colorScheme of ['light', 'dark'] as const) {
    // Reduced motion: a card fading out on its own (a coaching tip as the playhead moves) could
    // otherwise be measured half-transparent while axe runs, after settle() had waited.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const where = `${screen} at ${width} px, ${colorScheme}`;
    const rules = colorScheme === 'dark' ? COLOUR_RULES : undefined;
    const report = await blockingViolations(page, where, rules);
    expect
      .soft(report.length, `accessibility violations on ${where}:\n${report.join('\n')}`)
      .toBe(0);
  }
  // Back to the system's scheme; reduced motion stays as the run's settings have it.
  await page.emulateMedia({ colorScheme: null, reducedMotion: 'reduce' });
}
