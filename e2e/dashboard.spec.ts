import { expect, test } from '@playwright/test';
import { mainMenu, newAccount, registerThroughApi } from './support';
import { fixtureVideo } from './media';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

test('a new account sees empty figures and the empty states', async ({ page }) => {
  await registerThroughApi(page, newAccount('athlete'));
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'Statistics' });
  await expect(figures.getByRole('heading', { name: 'Total Videos' })).toBeVisible();
  await expect(figures).toContainText('Total Videos0');
  await expect(figures).toContainText('Active Athletes0');
  await expect(figures).toContainText('Training Hours0.0');
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();
  await expect(page.getByPlaceholder('Search videos...')).toBeVisible();

  await mainMenu(page).getByRole('link', { name: 'Videos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add New Video' }).first().click();
  await expect(page).toHaveURL('/videos/new');
});

test('the dashboard counts every video, shows 6 recent ones and searches titles', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('coach'));
  const uploads = [];
  // Seven videos, oldest first, so the newest six are the recent ones. One clip for all (the
  // titles are what the search reads): the 5 fps squats are the cheapest to prepare, and seven
  // preparations of mixed clips raced the 60 s wait on a busy machine.
  const file = fixtureVideo('squats_single_person.mp4');
  for (let index = 1; index <= 7; index += 1) {
    const squat = index % 2 === 1;
    uploads.push(
      await uploadThroughApi(page, `${squat ? 'Squat' : 'Basketball'} drill ${index}`, file),
    );
  }
  const prepared = await Promise.all(uploads.map((video) => waitUntilPrepared(page, video.id)));
  const seconds = prepared.reduce((sum, video) => sum + (video.duration ?? 0), 0);

  await page.goto('/');
  const figures = page.getByRole('region', { name: 'Statistics' });
  await expect(figures).toContainText('Total Videos7');
  await expect(figures).toContainText(`Training Hours${(seconds / 3600).toFixed(1)}`);
  // Under an hour of film, the figure alone would read 0.0 or 0.1: the minutes say how much.
  expect(seconds).toBeLessThan(3600);
  await expect(figures).toContainText(`${Math.round(seconds / 60)} min of video`);
  await expect(figures).toContainText('Active Athletes0');

  const recent = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(recent).toHaveCount(6);
  await expect(recent.first()).toContainText('Squat drill 7');
  await expect(page.getByRole('link', { name: 'Squat drill 1' })).toHaveCount(0);

  const search = page.getByPlaceholder('Search videos...');
  await search.fill('BASKETBALL');
  await expect(recent).toHaveCount(3);
  await search.fill('drill 1');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Squat drill 1');
  await search.fill('dunk');
  await expect(page.getByText('No videos found matching your search')).toBeVisible();

  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL('/videos');
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(7);
  await page.getByPlaceholder('Search videos...').fill('squat');
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(4);

  // The whole card is one link to the video.
  const card = page.getByRole('listitem').filter({ hasText: 'Squat drill 3' });
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + 40);
  await expect(page).toHaveURL(`/videos/${uploads[2]!.id}`);
});
