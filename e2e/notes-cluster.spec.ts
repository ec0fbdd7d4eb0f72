import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

/**
 * Issue 29 item 5, as a coach meets it: four notes between 4.2 and 4.8 s used to stack on the
 * timeline so only the top one could be clicked. Markers that would overlap are drawn as one
 * with their count, which opens the list of its notes, by mouse and by keyboard.
 */

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

const NOTES = [
  { timestamp: 4.2, content: 'Knees out on the way down' },
  { timestamp: 4.5, content: 'Chest up at the bottom' },
  { timestamp: 4.5, content: 'Same moment: heels stay down' },
  { timestamp: 4.8, content: 'Drive up through the floor' },
];

/** The boxes of every marker and cluster on the notes' lane, as drawn. */
async function drawnBoxes(timeline: Locator) {
  const drawn = timeline.locator(
    '[data-testid="timeline-annotation-marker"], [data-testid="timeline-annotation-cluster"]',
  );
  const boxes = [];
  for (const element of await drawn.all()) boxes.push((await element.boundingBox())!);
  return boxes;
}

/** How many notes the drawn markers stand for: one each, or a cluster's count. */
async function notesShown(timeline: Locator) {
  const singles = await timeline.getByTestId('timeline-annotation-marker').count();
  const counts = await timeline.getByTestId('timeline-annotation-cluster').allTextContents();
  return singles + counts.reduce((sum, count) => sum + Number(count), 0);
}

async function openVideoWithNotes(page: Page) {
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  for (const note of NOTES) {
    const created = await page.request.post(`/api/videos/${video.id}/annotations`, {
      data: { ...note, xPosition: 50, yPosition: 50 },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Squats' })).toBeVisible();
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(1);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px notes at the same moment cluster with a count and open a list`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openVideoWithNotes(page);
    const timeline = page.getByRole('list', { name: 'Annotations on the timeline' });
    await timeline.scrollIntoViewIfNeeded();

    await test.step('every note is shown once and no two markers overlap', async () => {
      await expect.poll(() => notesShown(timeline)).toBe(NOTES.length);
      const boxes = await drawnBoxes(timeline);
      for (const [index, a] of boxes.entries()) {
        for (const b of boxes.slice(index + 1)) {
          expect(a.x + a.width <= b.x || b.x + b.width <= a.x, JSON.stringify({ a, b })).toBe(true);
        }
      }
      if (viewport.width === 375) {
        // 0.6 s of a 13 s clip is a few pixels on a phone: the four are one cluster.
        await expect(timeline.getByTestId('timeline-annotation-cluster')).toHaveText('4');
      }
    });

    const cluster = timeline.getByTestId('timeline-annotation-cluster').first();
    const count = Number(await cluster.textContent());
    // The two notes at 4.5 s are always one cluster, so there is one at any width.
    expect(count).toBeGreaterThanOrEqual(2);

    await test.step('a click opens the list; a note in it opens that note', async () => {
      await expect(cluster).toHaveAttribute('aria-expanded', 'false');
      await cluster.click();
      await expect(cluster).toHaveAttribute('aria-expanded', 'true');
      const list = page.getByRole('list', { name: /^\d notes (at|between) 0:04\.\d/ });
      await expect(list.getByRole('button')).toHaveCount(count);
      await expect(list.getByRole('button').first()).toBeFocused();
      // All of it on the screen, at a phone's width too.
      const listBox = (await list.boundingBox())!;
      expect(listBox.x).toBeGreaterThanOrEqual(0);
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(viewport.width);
      await expect(list).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: testInfo.outputPath(`cluster-open-${viewport.width}.png`) });
      await list.getByRole('button', { name: /Same moment: heels stay down/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:04' });
      await expect(dialog.getByTestId('annotation-content')).toHaveText(
        'Same moment: heels stay down',
      );
      await expect(list).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    await test.step('by keyboard: Enter opens, arrows move, Escape closes and gives focus back', async () => {
      await cluster.focus();
      await page.keyboard.press('Enter');
      const list = page.getByRole('list', { name: /^\d notes (at|between) 0:04\.\d/ });
      const items = list.getByRole('button');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(items.last()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(list).toHaveCount(0);
      await expect(cluster).toBeFocused();
      // The video stayed paused: the keys were the list's, not the player's.
      expect((await videoState(page)).paused).toBe(true);
      await page.keyboard.press('Enter');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: /^Annotation at 00:00:04/ })).toBeVisible();
    });
  });
}
