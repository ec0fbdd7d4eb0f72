import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from './support';
import { fixtureVideo } from './media';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

// The suite's server runs only media preparation (playwright.config.ts), so no clip here is
// ever measured: this covers the Analysis tab before its analysis exists and the server's
// answer to a Regenerate then. The analysis itself is checked on a server with the scan on.
test('before the analysis exists: the Analysis tab waits and Regenerate explains why it cannot run', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Squats' })).toBeVisible();

  const analysisTab = page.getByRole('tabpanel', { name: 'Analysis' });
  await expect(page.getByRole('tab', { name: 'Analysis' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    analysisTab.getByRole('heading', { name: 'Analysis not available yet' }),
  ).toBeVisible();
  await expect(analysisTab.getByRole('heading', { name: 'Technical Analysis' })).toHaveCount(0);

  // The owner may regenerate; instructions are optional and the form says what to write.
  await analysisTab.getByRole('button', { name: 'Regenerate Analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate Analysis' });
  await expect(dialog).toBeVisible();
  const instructions = dialog.getByLabel('Instructions (optional)');
  await expect(instructions).toHaveValue('');
  await expect(instructions).toHaveAttribute('placeholder', /Focus on knee position/);
  await instructions.fill('Focus on knee position between 0:05 and 0:10');
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();

  // 409 while the clip has not been measured: the Error toast carries the server's message,
  // not raw JSON; the dialog stays open with what was typed.
  // While the modal dialog is open the rest of the page, the toast region included, is hidden
  // from assistive technology (Radix announces the toast through a live region of its own), so
  // the toast is found by its text rather than inside the region's role.
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText(/^409: The video is still being analysed\./)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(instructions).toHaveValue('Focus on knee position between 0:05 and 0:10');
  await expect(dialog.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    analysisTab.getByRole('heading', { name: 'Analysis not available yet' }),
  ).toBeVisible();

  // No skeletons to draw yet: the Pose toggle says why and does nothing.
  const pose = page.getByRole('button', { name: 'Pose', exact: true });
  await expect(pose).toHaveAttribute('aria-disabled', 'true');
  await expect(pose).toHaveAttribute('title', 'Pose skeletons appear once the analysis is ready');
  // Still focusable (so its tooltip can be reached); pressing it changes nothing.
  await pose.focus();
  await page.keyboard.press('Enter');
  await expect(pose).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('img', { name: 'Pose skeletons' })).toHaveCount(0);

  // The Players tab has nobody yet: its empty state and no Detections timeline bar.
  await page.getByRole('tab', { name: 'Players' }).click();
  const playersTab = page.getByRole('tabpanel', { name: 'Players' });
  await expect(
    playersTab.getByRole('heading', { name: 'No players detected at current timestamp' }),
  ).toBeVisible();
  await expect(playersTab.getByText('No players have been found in this video yet.')).toBeVisible();
  await expect(playersTab.getByRole('toolbar', { name: 'Detections timeline' })).toHaveCount(0);
});
