import { expect, test } from '@playwright/test';
import { expectNotFoundPage, mainMenu, newAccount, registerThroughApi } from './support';

test('Ctrl+B collapses the sidebar and the state survives a reload', async ({ page, context }) => {
  await registerThroughApi(page, newAccount('coach'));
  await page.goto('/');
  const menu = mainMenu(page);
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeGreaterThan(200);

  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // 3rem collapsed: only the icons remain.
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeLessThanOrEqual(48);
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
  expect(cookie?.value).toBe('false');
  expect(cookie?.path).toBe('/');
  // Kept for 7 days (give or take the seconds this test takes).
  const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(secondsLeft).toBeGreaterThan(604_800 - 120);
  expect(secondsLeft).toBeLessThanOrEqual(604_800 + 5);

  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeLessThanOrEqual(48);

  // The trigger button opens it again, and that is remembered too.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await menu.boundingBox())?.width).toBeGreaterThan(200);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Navigation drawer opens from the top bar and closes', async ({ page }) => {
    await registerThroughApi(page, newAccount('coach'));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    for (const item of ['Dashboard', 'Videos', 'Playlists', 'Athletes', 'Teams', 'Settings']) {
      await expect(drawer.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    // Choosing a page closes the drawer as well.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Videos', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/videos');
    await expect(page.getByRole('heading', { name: 'Videos', exact: true })).toBeVisible();
  });
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await registerThroughApi(page, newAccount('athlete'));
  await page.goto('/this/page/does-not-exist');
  await expectNotFoundPage(page);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});

test('every route in the spec table is reachable', async ({ page }) => {
  await registerThroughApi(page, newAccount('coach'));
  const routes: [string, string][] = [
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/videos', 'Videos'],
    ['/videos/new', 'Upload Video'],
    ['/videos/42', 'Video not found'],
    ['/playlists', 'Playlists'],
    ['/athletes', 'Athletes'],
    ['/teams', 'Teams'],
    ['/settings', 'Settings'],
  ];
  for (const [path, title] of routes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  }
  // Signed in, the forgot-password address has nothing to offer: back to the Dashboard.
  await page.goto('/forgot-password');
  await expect(page).toHaveURL('/');
});
