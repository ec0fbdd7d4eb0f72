import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fixtureAnalysis, showAnalysis } from './analysis-fixture';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import {
  pictureBox,
  player,
  uploadThroughApi,
  videoState,
  waitUntilPrepared,
} from './video-support';

/**
 * Issue 29 items 1-3, as a new user meets them: a click on the picture and Space play and
 * pause, the page never scrolls sideways, and Draw keeps the whole frame in sight.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

/** Waits until the element has settled in the state (a play and a pause at once would not). */
async function expectPaused(page: Page, paused: boolean) {
  await expect.poll(async () => (await videoState(page)).paused).toBe(paused);
  // Still so a moment later: one press or click gave one toggle, not two.
  await page.waitForTimeout(300);
  expect((await videoState(page)).paused).toBe(paused);
}

/**
 * The middle of the picture (the squats clip is portrait, between black bars at 1440), once
 * any smooth scrolling that brings the player into view has landed.
 */
async function pictureCentre(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const picture = await pictureBox(page);
      const now = `${picture.x},${picture.y}`;
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  const picture = await pictureBox(page);
  return { x: picture.x + picture.width / 2, y: picture.y + picture.height / 2 };
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px a click and Space play and pause, the page is the window's width, and Draw keeps the frame in sight`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await registerThroughApi(page, newAccount('coach'));
    const video = await uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4'));
    await waitUntilPrepared(page, video.id);
    // The chart (with its table for screen readers) is part of the page that overflowed.
    // Its longest caption the coach engine writes (jumping jacks), on one line.
    const analysis = fixtureAnalysis();
    analysis.keyMetric = {
      ...analysis.keyMetric,
      name: 'Hand height above the shoulders',
      unit: 'trunk lengths',
    };
    await showAnalysis(page, video.id, analysis);
    await page.goto(`/videos/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Squats' })).toBeVisible();
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Technical Analysis' })).toBeVisible();

    await test.step('the page is exactly the window wide: nothing scrolls it sideways', async () => {
      await expect(page.getByRole('table', { name: /measured over the clip/ })).toBeAttached();
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths).toEqual({ document: viewport.width, body: viewport.width });
    });

    // The made-up analysis has no measured poses behind it (Draw would ask for them): the
    // player's steps are on the video as the server has it.
    await page.unrouteAll();
    await page.reload();
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);

    await test.step('a click on the picture plays, another pauses; Space then toggles once', async () => {
      const centre = await pictureCentre(page);
      await page.mouse.click(centre.x, centre.y);
      await expectPaused(page, false);
      const started = (await videoState(page)).currentTime;
      await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThan(started);
      await page.mouse.click(centre.x, centre.y);
      await expectPaused(page, true);
      // The focus is wherever the click left it inside the player: Space plays and pauses.
      await page.keyboard.press('Space');
      await expectPaused(page, false);
      await page.keyboard.press('Space');
      await expectPaused(page, true);
      // A <video> focused another way (Tab, its native bar) is the player's too: one toggle.
      await page.locator('video').focus();
      await page.keyboard.press('Space');
      await expectPaused(page, false);
      await page.keyboard.press('Space');
      await expectPaused(page, true);
      // The other shortcuts still answer there: → jumps 5 s.
      const before = (await videoState(page)).currentTime;
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(async () => (await videoState(page)).currentTime)
        .toBeCloseTo(before + 5, 1);
      await page.keyboard.press('j');
      await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(0, 5);
    });

    await test.step('while a note is placed, the click on the picture places it and does not play', async () => {
      await page.getByRole('button', { name: 'Add Annotation' }).click();
      const centre = await pictureCentre(page);
      await page.mouse.click(centre.x, centre.y);
      await expect(page.getByTestId('annotation-pending-pin')).toBeVisible();
      await expectPaused(page, true);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('annotation-pending-pin')).toHaveCount(0);
      await page.locator('video').evaluate((element: HTMLVideoElement) => element.pause());
    });

    await test.step('Draw keeps the whole frame in sight under the top bar', async () => {
      const drawButton = page.getByRole('button', { name: 'Draw' });
      // Where a person presses it: scrolled down to it, the picture above it partly away.
      await drawButton.evaluate((button) => button.scrollIntoView({ block: 'start' }));
      const header = (await page.locator('header').first().boundingBox())!;
      expect((await player(page).boundingBox())!.y).toBeLessThan(header.y + header.height);
      await drawButton.click();
      await expect(page.getByRole('toolbar', { name: 'Drawing tools' })).toBeVisible();
      // Once any (smooth) scrolling has landed: the top under the top bar, the foot in the window.
      await expect
        .poll(async () => {
          const frame = (await player(page).boundingBox())!;
          return (
            frame.y >= header.y + header.height - 1 && frame.y + frame.height <= viewport.height + 1
          );
        })
        .toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`draw-${viewport.width}.png`) });
      // A stroke on the picture draws rather than plays.
      const centre = await pictureCentre(page);
      await page.mouse.move(centre.x - 30, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + 30, centre.y + 20, { steps: 5 });
      await page.mouse.up();
      await expect(page.getByTestId('drawing-shape').first()).toBeVisible();
      await expectPaused(page, true);
    });
    await page.screenshot({
      path: testInfo.outputPath(`page-${viewport.width}.png`),
      fullPage: true,
    });
  });
}
