import { expect, test } from '@playwright/test';
import { expectToast, newAccount, registerThroughApi, toasts } from './support';
import { fixtureVideo, makeClip } from './media';
import { fillUploadForm, videoCard } from './video-support';

test('a big upload shows its progress moving, then the card turns ready without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const clip = await makeClip('bigMp4');
  await registerThroughApi(page, newAccount('coach'));
  await page.goto('/');
  await page.getByRole('link', { name: 'Add New Video' }).first().click();
  await expect(page).toHaveURL('/videos/new');
  await fillUploadForm(page, 'Noisy test pattern', clip);

  // Every value the progress bar takes, seen from inside the page: the upload is too quick
  // on loopback to sample from outside. A marker on window proves the page never reloads.
  await page.evaluate(() => {
    const w = window as unknown as { seenPercents: number[]; sameDocument: boolean };
    w.seenPercents = [];
    w.sameDocument = true;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value) w.seenPercents.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expectToast(page, 'Success', 'Video uploaded successfully');
  await expect(page).toHaveURL('/');

  const seen = await page.evaluate(
    () => (window as unknown as { seenPercents: number[] }).seenPercents,
  );
  expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);

  // Preparation is pushed over server-sent events: the card gets its length without a reload.
  const card = videoCard(page, 'Noisy test pattern');
  await expect(card).toBeVisible();
  await expect(card.getByText('0:06')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Preparing video…')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});

test('Cancel during an upload aborts it and no video appears', async ({ page }) => {
  test.setTimeout(60_000);
  const clip = await makeClip('bigMp4');
  await registerThroughApi(page, newAccount('athlete'));
  await page.goto('/videos/new');
  // A slow connection (Chromium's own network emulation), so there is time to press Cancel.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  await fillUploadForm(page, 'Never saved', clip);
  await page.getByRole('button', { name: 'Upload Video' }).click();

  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('upload-bytes')).toContainText(/of 47\.\d MB/);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled' })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
  await expect(page).toHaveURL('/videos/new');
  await expect(toasts(page).getByText('Error', { exact: true })).toHaveCount(0);

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(await (await page.request.get('/api/videos')).json()).toEqual([]);
  await page.goto('/videos');
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();
});

test('the upload form asks for a file and reports what the server refuses', async ({ page }) => {
  await registerThroughApi(page, newAccount('coach'));
  await page.goto('/videos/new');
  const submit = page.getByRole('button', { name: 'Upload Video' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Video File')).toHaveAttribute('accept', 'video/*');

  // Enter in the title still tries, and says what is missing.
  await page.getByLabel('Title').fill('No file yet');
  await page.getByLabel('Title').press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a video file' }),
  ).toBeVisible();

  // Dropping a file that is not a video onto the zone is refused at once; a video is taken.
  const zone = page.getByText('or drag it here');
  const drop = async (name: string, type: string) => {
    const transfer = await page.evaluateHandle(
      ([fileName, fileType]) => {
        const data = new DataTransfer();
        data.items.add(new File(['0000'], fileName!, { type: fileType }));
        return data;
      },
      [name, type],
    );
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
  };
  await drop('notes.txt', 'text/plain');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This file is not a video.' }),
  ).toBeVisible();
  await expect(submit).toBeDisabled();
  await drop('clip.mp4', 'video/mp4');
  await expect(page.getByText('clip.mp4')).toBeVisible();
  await expect(submit).toBeEnabled();
  await page.getByRole('button', { name: 'Remove clip.mp4' }).click();

  // A text file renamed to .mp4: the server reads the bytes and refuses it (415).
  await page.getByLabel('Video File').setInputFiles({
    name: 'notes.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('these are not video bytes\n'.repeat(200)),
  });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectToast(
    page,
    'Error',
    '415: This file is not a video we recognise. Choose a video file (MP4, MOV, WebM, ...).',
  );
  await expect(page).toHaveURL('/videos/new');
  await expect(submit).toBeEnabled();
});

test('a fixture clip uploads through the form and opens from its card', async ({ page }) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  await page.goto('/videos/new');
  await fillUploadForm(page, 'Squat check', fixtureVideo('squats_single_person.mp4'));
  await page.getByLabel('Description').fill('Working on depth.');
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expectToast(page, 'Success', 'Video uploaded successfully');
  await expect(page).toHaveURL('/');

  const card = videoCard(page, 'Squat check');
  await expect(card.getByText('0:13')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/less than a minute ago/)).toBeVisible();
  // Until its analysis is made the card offers the video (Open video), then View AI Analysis.
  await card.getByRole('link', { name: /^(Open video|View AI Analysis)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Squat check' })).toBeVisible();
  await expect(page.getByText('Working on depth.')).toBeVisible();
});
