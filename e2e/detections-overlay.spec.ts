import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import { pauseAt, uploadThroughApi, waitUntilPrepared } from './video-support';

// The measuring server: the clip is scanned for real, so the boxes are the people the scan
// found and a name given by hand is stored against a real detection (playwright.config.ts).
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

type Detection = {
  timestamp: number;
  playerMatchId: string | null;
  trackId?: number;
  box?: [number, number, number, number];
};

/** The moment most people are boxed at: each track's detection within a quarter second of it. */
function busiestMoment(detections: Detection[]) {
  const peopleAt = (t: number) =>
    new Set(
      detections
        .filter((d) => d.box && d.trackId !== undefined && Math.abs(d.timestamp - t) <= 0.25)
        .map((d) => d.trackId),
    ).size;
  const best = detections
    .filter((d) => d.box && d.trackId !== undefined)
    .reduce((a, b) => (peopleAt(b.timestamp) > peopleAt(a.timestamp) ? b : a));
  return { seconds: best.timestamp, people: peopleAt(best.timestamp) };
}

/**
 * A person's box is pointed at high on the body: its foot may lie under the timeline, which
 * sits over the picture's bottom edge.
 */
async function upperBody(box: Locator) {
  const size = (await box.boundingBox())!;
  return { position: { x: size.width / 2, y: Math.min(size.height * 0.3, 40) } };
}

async function openPlayersAt(page: Page, videoId: string, seconds: number) {
  await page.goto(`/videos/${videoId}`);
  await page.getByRole('tab', { name: 'Players' }).click();
  await pauseAt(page, seconds);
}

test('detections are boxed on the video, linked to their rows both ways, and named by a click that a reload keeps', async ({
  page,
}, testInfo) => {
  // A real scan of a 10 s clip: most of a minute of CPU on two shared cores.
  test.setTimeout(300_000);
  const coach = newAccount('coach', 'Coach Rowan');
  await registerThroughApi(page, coach, { confirmed: false });
  const video = await uploadThroughApi(page, 'Practice', fixtureVideo('basketball_practice.mp4'));
  await waitUntilPrepared(page, video.id);
  let detections: Detection[] = [];
  await expect
    .poll(
      async () => {
        const detail = await (await page.request.get(`/api/videos/${video.id}`)).json();
        detections = detail.analysis?.playerDetections ?? [];
        return detections.length;
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  const moment = busiestMoment(detections);
  // Two players are on court: both are found together at some moment.
  expect(moment.people).toBeGreaterThanOrEqual(2);

  for (const [index, viewport] of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ].entries()) {
    await page.setViewportSize(viewport);
    await openPlayersAt(page, video.id, moment.seconds);
    const layer = page.getByTestId('detections-layer');
    const boxes = layer.getByTestId('detection-box');
    await expect(boxes).toHaveCount(moment.people);
    const rows = page.getByRole('tabpanel', { name: 'Players' }).getByTestId('detection-row');

    // Hovering a box lights its rows; hovering or focusing a row lights its box.
    // The last box is drawn on top: nobody else's box covers it.
    const first = boxes.last();
    const firstRect = first.locator('rect');
    await firstRect.hover(await upperBody(firstRect));
    await expect(first).toHaveAttribute('data-lit', 'true');
    await expect(rows.and(page.locator('[data-lit="true"]'))).not.toHaveCount(0);
    await page.mouse.move(0, 0);
    await expect(rows.and(page.locator('[data-lit="true"]'))).toHaveCount(0);
    await rows.first().hover();
    await expect(boxes.and(page.locator('[data-lit="true"]'))).toHaveCount(1);
    await page.mouse.move(0, 0);
    await rows.last().focus();
    await expect(boxes.and(page.locator('[data-lit="true"]'))).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath(`detections-${viewport.width}.png`) });

    if (index === 0) {
      // Clicking a person names them; the name shows on the box and in the row at once.
      await firstRect.click(await upperBody(firstRect));
      const dialog = page.getByRole('dialog', { name: 'Who is this?' });
      await dialog.getByRole('button', { name: 'Coach Rowan' }).click();
      await expectToast(page, 'Success', 'Named Coach Rowan');
      await expect(dialog).toBeHidden();
    }
    // Kept by the server: after a reload (and at the phone's width) the person is still named.
    await page.reload();
    await page.getByRole('tab', { name: 'Players' }).click();
    await pauseAt(page, moment.seconds);
    await expect(layer.getByText('Coach Rowan')).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Coach Rowan' }).first()).toContainText('named by hand');
    await layer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`named-${viewport.width}.png`) });
  }

  // Detect Players again keeps the name given by hand.
  const again = await page.request.post(`/api/videos/${video.id}/detect-players`);
  expect(again.status()).toBe(200);
  const named = ((await again.json()).playerDetections as Detection[]).filter(
    (d) => d.playerMatchId !== null,
  );
  expect(named.length).toBeGreaterThan(0);
  expect(new Set(named.map((d) => d.trackId)).size).toBe(1);
});
