import { expect, test, type Page, type Route } from '@playwright/test';
import { expectToast, newAccount, registerThroughApi } from './support';
import { makeClip } from './media';
import { fillUploadForm, playWithKeyboard, videoCard } from './video-support';

/** Chromium's own upload throttling (-1: none): slow enough to stop an upload halfway. */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
}

test('an upload cut by a reload and a dropped request is listed as unfinished, goes on from where it stopped and plays', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const clip = await makeClip('bigMp4');
  await registerThroughApi(page, newAccount('coach'));
  await page.goto('/videos/new');
  const throttle = await throttleUploads(page);
  await throttle(4 * 1024 * 1024);
  await fillUploadForm(page, 'Full game', clip);
  await page.getByRole('button', { name: 'Upload Video' }).click();

  // A fifth of the way in, the page reloads: the upload's connection goes with it.
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(20);
  page.once('dialog', (dialog) => void dialog.accept()); // "leave the page?" while uploading
  await page.reload();

  // The page lists what this browser left unfinished; Resume takes its details back.
  const unfinished = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(unfinished.getByRole('listitem')).toHaveCount(1);
  await expect(unfinished.getByRole('listitem')).toContainText('Full game');
  await expect(unfinished.getByRole('button', { name: 'Discard Full game' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('unfinished-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(unfinished.getByRole('button', { name: 'Resume Full game' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('unfinished-375.png') });
  await unfinished.getByRole('button', { name: 'Resume Full game' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Full game');

  // Once more the connection drops, at the first request that sends bytes: the page retries.
  // The request is held until the page has said where it resumes from; dropped at once, the
  // page may go straight to "Connection lost" before anyone could read that.
  const pattern = '**/api/resumable-uploads/*';
  let resumeSeen!: () => void;
  const seen = new Promise<void>((resolve) => (resumeSeen = resolve));
  const cut = new Promise<void>((resolve) => {
    const dropFirstPatch = async (route: Route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await seen;
      await route.abort('connectionreset');
      resolve();
      // The retry goes straight to the server (its bytes' progress is not held up here).
      await page.unroute(pattern, dropFirstPatch);
    };
    void page.route(pattern, dropFirstPatch);
  });
  // Renamed before resuming: the video ends with the title the form has when it finishes.
  await fillUploadForm(page, 'Full game, second try', clip);
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByTestId('upload-resumed')).toContainText(/Resuming from [1-9]\d%/);
  resumeSeen();
  await cut;
  await throttle(-1);
  await expect(page).toHaveURL('/', { timeout: 60_000 });
  await expectToast(page, 'Success', 'Video uploaded successfully');

  const card = videoCard(page, 'Full game, second try');
  await expect(card.getByText('0:06')).toBeVisible({ timeout: 60_000 });
  await expect(videoCard(page, 'Full game')).toHaveCount(0);
  // The card offers the analysis only once there is one; its title opens the video at once.
  await card.getByRole('link', { name: 'Full game, second try', exact: true }).click();
  await playWithKeyboard(page);
});
