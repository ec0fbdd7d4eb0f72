import { expect, test } from '@playwright/test';
import type { FileChooser, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fixturePhoto } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';

const facePhoto = fixturePhoto('face_obama_1.jpg');

/** Picks a file through Add Photo's own file chooser, as a person would. */
async function addPhoto(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add Photo' }).click();
  await (await chooser).setFiles(files);
}

test('an athlete changes name and player number; the e-mail is read-only', async ({ page }) => {
  const athlete = newAccount('athlete', 'Maya Okafor');
  await registerThroughApi(page, athlete);
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Email')).toHaveValue(athlete.email);
  await expect(profile.getByLabel('Email')).not.toBeEditable();
  await expect(profile.getByLabel('Player Number')).toHaveValue('');

  await profile.getByLabel('Name').fill('Maya O.');
  await profile.getByLabel('Player Number').fill('100');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    profile.getByText('Player number must be a whole number from 0 to 99', { exact: true }),
  ).toBeVisible();
  await expect(profile.getByLabel('Player Number')).toBeFocused();

  await profile.getByLabel('Player Number').fill('23');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Profile updated successfully');
  // The side panel shows the new name at once.
  await expect(page.getByText('Maya O.', { exact: true })).toBeVisible();

  await page.reload();
  await expect(profile.getByLabel('Name')).toHaveValue('Maya O.');
  await expect(profile.getByLabel('Player Number')).toHaveValue('23');

  // An empty number is left out, which clears it.
  await profile.getByLabel('Player Number').fill('');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Profile updated successfully');
  await page.reload();
  await expect(profile.getByLabel('Player Number')).toHaveValue('');

  // On this server mail goes out through the relay, and the outbox panel says so.
  const outbox = page.getByRole('region', { name: 'Mail outbox' });
  await expect(outbox.getByText('Mail is delivered by the relay.')).toBeVisible();
});

test('an athlete chooses jersey colours with the toggle list and Save Colors', async ({ page }) => {
  await registerThroughApi(page, newAccount('athlete'));
  await page.goto('/settings');
  const colors = page.getByRole('region', { name: 'Jersey Colors & Photos' });
  const red = colors.getByRole('button', { name: 'Red', exact: true });
  const white = colors.getByRole('button', { name: 'White', exact: true });
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  await red.click();
  await white.click();
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await expect(colors.getByText('2 colours chosen')).toBeVisible();
  await colors.getByRole('button', { name: 'Save Colors' }).click();
  await expectToast(page, 'Success', 'Jersey colors updated successfully');

  await page.reload();
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await expect(white).toHaveAttribute('aria-pressed', 'true');
  await expect(colors.getByRole('button', { name: 'Navy', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const user = (await (await page.request.get('/api/user')).json()) as {
    jerseyColors: { color: string }[];
  };
  expect(user.jerseyColors.map((color) => color.color).sort()).toEqual(['Red', 'White']);

  // Toggling off and saving removes a colour.
  await red.click();
  await colors.getByRole('button', { name: 'Save Colors' }).click();
  await expectToast(page, 'Success', 'Jersey colors updated successfully');
  await page.reload();
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  await expect(white).toHaveAttribute('aria-pressed', 'true');
});

test('profile photos: upload, avatar, delete, and files that are not images', async ({ page }) => {
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('athlete'));
  await page.goto('/settings');
  await expect(page.getByText('No photos uploaded yet', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Upload photos to help with player identification in videos', { exact: true }),
  ).toBeVisible();
  const picker = page.locator('input[type="file"]');
  await expect(picker).toHaveAttribute('accept', 'image/*');

  await addPhoto(page, facePhoto);
  // The server finds the face in each photo as it arrives, which takes a while when its model
  // is still cold.
  await expect(page.getByRole('button', { name: 'Add Photo' })).toBeEnabled({ timeout: 60_000 });
  await expectToast(page, 'Success', 'Photo uploaded successfully');
  const grid = page.getByRole('list', { name: 'Profile photos' });
  const photo = grid.getByRole('img', { name: 'Profile photo 1', exact: true });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('No photos uploaded yet')).toHaveCount(0);
  // The picker is emptied afterwards (spec §4).
  await expect(picker).toHaveValue('');
  // The first photo is the avatar: the side panel shows it too.
  const src = await photo.getAttribute('src');
  await expect(page.locator(`img[src="${src}"]`)).toHaveCount(2);

  // Something the browser knows is not an image is stopped before it is sent.
  await addPhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(
    page,
    'Error',
    'This file is not an image. Choose a photo (JPEG, PNG, WebP, ...).',
  );
  await expect(picker).toHaveValue('');
  // One that only claims to be: the server reads the bytes and refuses it.
  await addPhoto(page, {
    name: 'holiday.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is not a JPEG at all'),
  });
  await expectToast(
    page,
    'Error',
    '415: This file is not an image we recognise. Choose a photo (JPEG, PNG, WebP, ...).',
  );
  await expect(grid.getByRole('listitem')).toHaveCount(1);

  await grid.getByRole('button', { name: 'Delete photo 1' }).click();
  await expectToast(page, 'Success', 'Photo deleted successfully');
  await expect(page.getByText('No photos uploaded yet', { exact: true })).toBeVisible();
  await expect(page.locator(`img[src="${src}"]`)).toHaveCount(0);
});

test('photos that fail: Error loading photos with Retry, and a placeholder for a broken one', async ({
  page,
}) => {
  await registerThroughApi(page, newAccount('athlete'));
  const upload = await page.request.post('/api/user/photos', {
    multipart: {
      photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await readFile(facePhoto) },
    },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };

  // Only this answer fails, as a server having a bad moment would.
  await page.route('**/api/user/photos', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
  );
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Error loading photos' })).toBeVisible();
  await expect(page.getByText('500: Internal Server Error')).toBeVisible();
  await page.unroute('**/api/user/photos');
  await page.getByRole('button', { name: 'Retry' }).click();
  const grid = page.getByRole('list', { name: 'Profile photos' });
  await expect(grid.getByRole('img', { name: 'Profile photo 1', exact: true })).toBeVisible();

  // The photo itself cannot be fetched: a placeholder image stands in.
  await page.route(`**${url}`, (route) => route.fulfill({ status: 404, body: '' }));
  await page.reload();
  const broken = grid.getByRole('img', { name: 'Profile photo 1 (could not be loaded)' });
  await expect(broken).toBeVisible();
  await expect(broken).not.toHaveAttribute('src', url);
  await expect
    .poll(() => broken.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});
