import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { linkIn, waitForMail } from './mail-support';
import {
  expectNotFoundPage,
  expectSignInScreen,
  expectToast,
  mainMenu,
  newAccount,
  registerThroughApi,
  registerThroughUi,
  signInThroughUi,
} from './support';

test('a new coach confirms their address from the mail, sees Athletes in the menu and can open it', async ({
  page,
}) => {
  const coach = newAccount('coach');
  await page.goto('/');
  await registerThroughUi(page, coach);

  await expectToast(page, 'Success', 'Registration successful');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  // Until the link in the mail is followed, a banner says so on every page.
  const banner = page.getByRole('region', { name: 'Unconfirmed address' });
  await expect(banner).toContainText(`We sent a link to ${coach.email}`);
  await expectAccessible(page, 'unconfirmed address banner');
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expectToast(page, 'Success', `We sent a new link to ${coach.email}.`);
  const baseURL = test.info().project.use.baseURL!;
  const mail = await waitForMail(coach.email, /^Confirm your email address for FilmRoom$/, 2);
  await page.goto(linkIn(mail, `${baseURL}/confirm-email?token=`));
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to FilmRoom' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);

  const menu = mainMenu(page);
  for (const item of ['Dashboard', 'Videos', 'Athletes', 'Settings']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await menu.getByRole('link', { name: 'Athletes', exact: true }).click();
  await expect(page).toHaveURL('/athletes');
  await expect(page.getByRole('heading', { name: 'Athletes', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Athletes', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a new athlete has no Athletes menu item and gets the 404 page there', async ({ page }) => {
  const athlete = newAccount('athlete');
  await page.goto('/');
  await registerThroughUi(page, athlete);

  await expectToast(page, 'Success', 'Registration successful');
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Videos', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Athletes', exact: true })).toHaveCount(0);

  await page.goto('/athletes');
  await expectNotFoundPage(page);
  await expect(page.getByRole('heading', { name: 'Athletes', exact: true })).toHaveCount(0);
});

test('after signing out every path shows the sign-in screen, and signing in works', async ({
  page,
}) => {
  const coach = newAccount('coach');
  await page.goto('/');
  await registerThroughUi(page, coach);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectToast(page, 'Success', 'Logged out successfully');
  await expectSignInScreen(page);

  for (const path of ['/videos', '/settings', '/some/unknown']) {
    await page.goto(path);
    await expectSignInScreen(page);
    // The address is kept: the sign-in screen stands in for the page, no redirect.
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }

  await page.goto('/settings');
  await signInThroughUi(page, coach.email, coach.password);
  await expectToast(page, 'Success', 'Logged in successfully');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(coach.email);
});

test('a wrong password shows the Error toast with the server message', async ({ page }) => {
  const athlete = newAccount('athlete');
  await registerThroughApi(page, athlete);
  await page.context().clearCookies();

  await page.goto('/');
  await signInThroughUi(page, athlete.email, 'not the right password');

  await expectToast(page, 'Error', 'Invalid username or password');
  await expectSignInScreen(page);
});

test('the forgot-password link opens its screen, which leads back to sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL('/');
  await expectSignInScreen(page);
});

test('hostile text in a name is shown as plain text, never run', async ({ page }) => {
  const hostileName = '<img src=x onerror="window.__pwned=1">';
  const athlete = newAccount('athlete', hostileName);
  await page.goto('/');
  await registerThroughUi(page, athlete);
  await expectToast(page, 'Success', 'Registration successful');

  await expect(page.getByText(hostileName, { exact: true })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByLabel('Name')).toHaveValue(hostileName);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

test('when the current-user call fails, an error with Retry shows instead of the app', async ({
  page,
}) => {
  // The browser stands in for a server that is having a bad moment: only this one answer fails.
  await page.route('**/api/user', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }),
  );
  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: "FilmRoom couldn't load" })).toBeVisible();
  await expect(page.getByText('500: Internal Server Error')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toHaveCount(0);

  await page.unroute('**/api/user');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectSignInScreen(page);
});
