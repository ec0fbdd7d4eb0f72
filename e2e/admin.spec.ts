import { expect, test } from '@playwright/test';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { fixtureVideo } from './media';
import {
  expectNotFoundPage,
  expectSignInScreen,
  mainMenu,
  newAccount,
  registerThroughApi,
  signInAsAdmin,
  signInThroughUi,
  toasts,
} from './support';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

// The first account of a server administers it (the server's tests check the rule on a fresh
// database); global-setup.ts makes it, at the address the servers also name in ADMIN_EMAILS.

test.describe('on a server without a mail relay', () => {
  // The measuring server keeps its mail in the outbox.
  test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

  test('the administrator finds a password link on the mail page and disables an athlete, whose open page stops working', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const athlete = newAccount('athlete', 'Dana Disabled');
    const elsewhere = await browser.newContext({
      baseURL: process.env.FILMROOM_E2E_MEASURED_URL,
    });
    const athletePage = await elsewhere.newPage();
    await registerThroughApi(athletePage, athlete, { confirmed: false });
    // To everyone else the Admin area does not exist.
    await athletePage.goto('/admin/users');
    await expectNotFoundPage(athletePage);
    await athletePage.goto('/');
    await expect(athletePage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(mainMenu(athletePage).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.goto('/');
    await mainMenu(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(athlete.email);
    const row = page.getByRole('listitem', { name: athlete.email });
    await expect(row).toBeVisible();
    await expect(page.getByRole('list', { name: 'Accounts' }).getByRole('listitem')).toHaveCount(1);

    await row.getByRole('button', { name: 'Send password link' }).click();
    await expect(toasts(page).getByText(/the link to .* is on the Mail page/)).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Mail' })
      .click();
    const mail = page
      .getByRole('list', { name: 'Kept mail' })
      .getByRole('listitem')
      .filter({ hasText: `to ${athlete.email}` })
      .filter({ hasText: 'Password link' });
    await mail.getByText('Set a new FilmRoom password').click();
    await expect(mail.getByText(/\/reset-password\?token=[\w-]{43}/)).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(athlete.email);
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

    // The athlete's open page: its live events end, and it lands on the sign-in screen.
    await expectSignInScreen(athletePage);
    await signInThroughUi(athletePage, athlete.email, athlete.password);
    await expect(
      toasts(athletePage).getByText(
        'This account is disabled. Ask whoever runs FilmRoom here to enable it.',
      ),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const actions = page.getByRole('list', { name: 'Admin actions' });
    await expect(
      actions
        .getByRole('listitem')
        .filter({ hasText: 'Disabled an account' })
        .filter({ hasText: athlete.email }),
    ).toBeVisible();
    await elsewhere.close();
  });
});

test('the administrator retries a job that failed, and it then succeeds', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const title = `Retry me ${Date.now()}`;
  const video = await uploadThroughApi(page, title, fixtureVideo('squats_single_person.mp4'));
  expect((await waitUntilPrepared(page, video.id)).status).toBe('ready');
  // The prepared file goes missing, as on a disk that failed: exporting it really fails.
  const media = path.join(
    process.env.FILMROOM_E2E_DATA_DIR!,
    'blobs/videos',
    video.id,
    'media.mp4',
  );
  await rename(media, `${media}.away`);
  const created = await page.request.post('/api/exports', {
    data: { source: { kind: 'video', videoId: video.id, start: 0, end: 1 }, overlays: [] },
  });
  expect(created.status()).toBe(201);
  const exportId = ((await created.json()) as { id: string }).id;

  await page.goto('/admin/jobs');
  const failed = page
    .getByRole('region', { name: /^Failed/ })
    .getByRole('listitem', { name: `export.render ${title}` });
  // Its attempts run out (with pg-boss's back-off between them) while the page is open.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(failed).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });

  await rename(`${media}.away`, media);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(toasts(page).getByText('The job is queued again')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/exports/${exportId}`)).json()) as { status: string })
          .status,
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('ready');
});
