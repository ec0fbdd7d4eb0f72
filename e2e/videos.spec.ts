import { expect, test } from '@playwright/test';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { uploadThroughApi } from './video-support';

// More than the page of 24 the Videos page asks for first.
const LIBRARY = 30;

test('the Videos page loads more as you scroll, keeps few cards in the page, and searches on the server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerThroughApi(page, newAccount('coach'));
  const file = fixtureVideo('squats_single_person.mp4');
  // Oldest first, so "Free throws 30" is the newest; every third is a free-throw clip.
  for (let index = 1; index <= LIBRARY; index += 1) {
    await uploadThroughApi(page, `${index % 3 === 0 ? 'Free throws' : 'Drill'} ${index}`, file);
  }

  await page.goto('/videos');
  const grid = page.getByRole('list', { name: 'Videos' });
  const cards = grid.getByRole('listitem');
  const card = (title: string) => page.getByRole('link', { name: title, exact: true });
  await expect(cards.first()).toContainText('Free throws 30');
  await expect(cards.first()).toHaveAttribute('aria-posinset', '1');
  // Only the first page has come: the oldest video is not loaded yet, and the grid says more
  // are to come.
  await expect(card('Drill 1')).toHaveCount(0);
  await expect(cards.first()).toHaveAttribute('aria-setsize', '-1');

  // Scrolling to the end brings the next page (the wheel over the grid, not the side panel).
  await page.mouse.move(720, 600);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(card('Drill 1')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(cards.last()).toHaveAttribute('aria-posinset', String(LIBRARY));
  await expect(cards.last()).toHaveAttribute('aria-setsize', String(LIBRARY));
  // Virtualised: the cards scrolled far out of sight have left the page.
  await expect(card('Free throws 30')).toHaveCount(0);
  expect(await cards.count()).toBeLessThan(LIBRARY);

  // The search is the server's: any case, any part of the title.
  await page.evaluate(() => window.scrollTo(0, 0));
  const search = page.getByPlaceholder('Search videos...');
  const asked = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('q') === 'FREE THROWS',
  );
  await search.fill('FREE THROWS');
  await asked;
  await expect(cards).toHaveCount(LIBRARY / 3);
  for (const text of await cards.allTextContents()) expect(text).toContain('Free throws');
  await expect(cards.first()).toHaveAttribute('aria-setsize', String(LIBRARY / 3));

  await search.fill('nothing like this');
  await expect(page.getByText('No videos found matching your search')).toBeVisible();
  await expect(grid).toHaveCount(0);

  // Cleared, the whole library again from the newest; the keyboard goes from the search box
  // straight to the first card.
  await search.fill('');
  await expect(cards.first()).toContainText('Free throws 30');
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(card('Free throws 30')).toBeFocused();
});

test('on a phone the grid is one column and still loads the next page', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await registerThroughApi(page, newAccount('athlete'));
  const file = fixtureVideo('squats_single_person.mp4');
  for (let index = 1; index <= LIBRARY; index += 1) {
    await uploadThroughApi(page, `Clip ${index}`, file);
  }
  await page.goto('/videos');
  const cards = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Clip 30');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height);
  expect(first!.width).toBeGreaterThan(300);

  await page.mouse.move(187, 600);
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(page.getByRole('link', { name: 'Clip 1', exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await context.close();
});
