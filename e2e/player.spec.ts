import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from './support';
import { fixtureVideo, makeClip } from './media';
import type { ClipKind } from './media';
import {
  fillUploadForm,
  player,
  playWithKeyboard,
  uploadThroughApi,
  videoCard,
  videoState,
  waitUntilPrepared,
} from './video-support';

test('the detail page plays the video; speed, zoom, tips and shortcuts work', async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Squats' })).toBeVisible();

  const element = page.locator('video');
  // Fullscreen is FilmRoom's own, with the overlays (player-layout.spec.ts).
  await expect(element).toHaveAttribute('controlslist', 'nodownload nofullscreen');
  await expect(element).toHaveAttribute('preload', 'metadata');
  // Played from the HLS ladder by hls.js (streaming.spec.ts); the MP4 stays for download.
  await expect(element).toHaveAttribute('data-stream', 'hls.js');
  await expect(element).toHaveAttribute('poster', `/uploads/videos/${video.id}/poster.jpg`);

  await playWithKeyboard(page);
  const playing = await videoState(page);
  await expect
    .poll(async () => (await videoState(page)).currentTime)
    .toBeGreaterThan(playing.currentTime);

  // K pauses; arrows jump 5 s; '.' steps one frame while paused.
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  const before = (await videoState(page)).currentTime;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(before + 5, 1);
  await page.keyboard.press('.');
  await expect
    .poll(async () => (await videoState(page)).currentTime)
    .toBeCloseTo(before + 5 + 1 / 30, 2);
  await page.keyboard.press('j');
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(0, 5);

  // Speed: starts at 1x, offers 0.1x to 2x.
  const speed = page.getByRole('combobox', { name: 'Playback speed' });
  await expect(speed.locator('option:checked')).toHaveText('1x Speed');
  await expect(speed.locator('option')).toHaveText([
    '0.1x Speed',
    '0.25x Speed',
    '0.5x Speed',
    '0.75x Speed',
    '1x Speed',
    '1.5x Speed',
    '2x Speed',
  ]);
  await speed.selectOption({ label: '0.1x Speed' });
  await expect.poll(async () => (await videoState(page)).playbackRate).toBe(0.1);
  await speed.selectOption({ label: '2x Speed' });
  await expect.poll(async () => (await videoState(page)).playbackRate).toBe(2);
  await speed.selectOption({ label: '0.5x Speed' });
  await expect.poll(async () => (await videoState(page)).playbackRate).toBe(0.5);

  // Tips are shown by default and toggle.
  const tips = page.getByRole('button', { name: 'Hide Tips' });
  await expect(tips).toHaveAttribute('aria-pressed', 'true');
  await tips.click();
  await expect(page.getByRole('button', { name: 'Show Tips' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Zoom 100% to 400% in 50% steps, buttons disabled at the ends.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  const readout = page.getByRole('status', { name: 'Zoom level' });
  await expect(readout).toHaveText('100%');
  await expect(zoomOut).toBeDisabled();
  for (const percent of ['150%', '200%', '250%', '300%', '350%', '400%']) {
    await zoomIn.click();
    await expect(readout).toHaveText(percent);
  }
  await expect(zoomIn).toBeDisabled();
  const stage = page.getByTestId('video-stage');
  await expect(stage).toHaveCSS('transform', 'matrix(4, 0, 0, 4, 0, 0)');

  // Drag-to-pan, clamped at the zoomed edge: at 4x the picture may move 1.5 frames each way.
  const box = (await stage.boundingBox())!;
  const frame = (await player(page).boundingBox())!;
  await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width / 2 + 5000, frame.y + frame.height / 2, { steps: 4 });
  await page.mouse.up();
  const maxShift = 1.5 * frame.width;
  await expect
    .poll(async () => {
      const matrix = await stage.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform));
      return matrix.e;
    })
    .toBeCloseTo(maxShift, 0);
  expect(box.width).toBeGreaterThan(0);

  // Back to 100%: no pan is left over.
  for (let step = 0; step < 6; step += 1) await zoomOut.click();
  await expect(readout).toHaveText('100%');
  await expect(zoomOut).toBeDisabled();
  await expect(stage).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');

  // The shortcuts are listed behind the ? button.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help.getByText('One frame back or forward (while paused)')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('editing the title and deleting the video', async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(
    page,
    'Free throws',
    fixtureVideo('basketball_practice.mp4'),
  );
  // The card's edit icon opens the video straight in edit mode.
  await page.goto('/videos');
  await page.getByRole('link', { name: 'Edit Free throws' }).click();
  await expect(page).toHaveURL(`/videos/${video.id}`);
  await expect(page.getByRole('form', { name: 'Edit video details' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Edit' }).click();
  await expect(page.getByRole('form', { name: 'Edit video details' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Free throws' })).toBeVisible();
  for (const action of ['AI Coach', 'Share', 'Edit', 'Delete']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'AI Coach' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with AI Coach' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Cancel Edit' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit video details' });
  await form.getByLabel('Title').fill('Free throws, week 2');
  await form.getByLabel('Description').fill('Follow-through focus.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Video details updated successfully'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Free throws, week 2' })).toBeVisible();
  await expect(page.getByText('Follow-through focus.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

  // Cancelling the confirmation keeps the video.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this video?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete Video' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications (F8)' })
      .getByText('Video deleted successfully'),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();

  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Video not found' })).toBeVisible();
});

for (const [kind, title] of [
  ['vp9Webm', 'VP9 WebM from a phone'],
  ['mpeg4Mov', 'MPEG-4 MOV from a camera'],
] as [ClipKind, string][]) {
  test(`a ${title} is prepared and plays`, async ({ page }) => {
    test.setTimeout(90_000);
    const clip = await makeClip(kind);
    await registerThroughApi(page, newAccount('athlete'));
    await page.goto('/videos/new');
    await fillUploadForm(page, title, clip);
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await expect(page).toHaveURL('/');

    const card = videoCard(page, title);
    await expect(card.getByText('0:03')).toBeVisible({ timeout: 60_000 });
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await playWithKeyboard(page);
    const state = await videoState(page);
    // Through hls.js, which feeds the element from Media Source.
    await expect(page.locator('video')).toHaveAttribute('data-stream', 'hls.js');
    expect(state.currentSrc).toMatch(/^blob:/);
    expect(state.videoWidth).toBe(320);
  });
}

test('an open detail page turns from preparing to playable without a reload', async ({ page }) => {
  test.setTimeout(60_000);
  const clip = await makeClip('vp9Webm');
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Live preparation', clip);
  await page.goto(`/videos/${video.id}`);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  // Whether or not the preparing frame is still up by now, the player arrives by itself.
  await expect(page.locator('video')).toHaveAttribute('data-stream', 'hls.js', {
    timeout: 60_000,
  });
  await expect(page.getByText('Preparing video for playback…')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});

test('a video that cannot load shows the error, retries 3 times, then advises', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(
    page,
    'Broken link',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  // The browser is told the files are gone (as after a storage outage): the ladder fails, the
  // player falls back to the MP4, and the app's own retries of that are what is under test.
  await page.route('**/uploads/videos/*/hls/**', (route) =>
    route.fulfill({ status: 404, body: 'gone' }),
  );
  let requests = 0;
  await page.route('**/uploads/videos/*/media.mp4', async (route) => {
    requests += 1;
    await route.fulfill({ status: 404, body: 'gone' });
  });
  await page.goto(`/videos/${video.id}`);
  const box = page.getByRole('alert').filter({ hasText: 'Error loading video:' });
  // The ladder's failure comes first (hls.js loads, its playlist is refused), then the MP4's.
  await expect(box).toContainText(/Error loading video: .+ \(Code: \d\)/, { timeout: 15_000 });
  await expect(box).toContainText('Retrying... (Attempt 1/3)');
  await expect(box).toContainText('Retrying... (Attempt 2/3)', { timeout: 5_000 });
  await expect(box).toContainText('Retrying... (Attempt 3/3)', { timeout: 6_000 });
  await expect(box).toContainText(
    'Try refreshing the page or contact support if the issue persists.',
    { timeout: 10_000 },
  );
  expect(requests).toBeGreaterThanOrEqual(4);
});
