import { expect, test } from '@playwright/test';
import { expectToast, newAccount, uniqueEmail } from './support';

// The measuring server has no SMTP relay (see playwright.config.ts): its mail is kept in the
// outbox, which is what a laptop without a relay sees.
const outboxServer = process.env.FILMROOM_E2E_MEASURED_URL!;

test('without a relay, the Mail outbox keeps the invitation and its link lets the athlete in', async ({
  page,
  browser,
}) => {
  const coach = newAccount('coach', 'Casey Coach');
  const athleteEmail = uniqueEmail('athlete');
  const registered = await page.request.post(`${outboxServer}/api/register`, {
    data: { username: coach.email, password: coach.password, name: coach.name, isCoach: true },
  });
  expect(registered.status()).toBe(201);

  await page.goto(`${outboxServer}/settings`);
  const outbox = page.getByRole('region', { name: 'Mail outbox' });
  await expect(outbox.getByText('No mail yet')).toBeVisible();

  await page.goto(`${outboxServer}/athletes`);
  await page.getByRole('button', { name: 'Add Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Student' });
  await dialog.getByLabel('Name').fill('Maya Okafor');
  await dialog.getByLabel('Email').fill(athleteEmail);
  await dialog.getByRole('button', { name: 'Add Student' }).click();
  await expectToast(page, 'Success', 'Student added successfully');

  await page.goto(`${outboxServer}/settings`);
  await expect(outbox).toContainText('has no mail relay set up');
  const kept = outbox.getByRole('list', { name: 'Kept mail' }).getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Invitation');
  await expect(kept).toContainText('Casey Coach invited you to FilmRoom');
  await expect(kept).toContainText(`to ${athleteEmail}`);
  await kept.getByText('Casey Coach invited you to FilmRoom').click();
  const body = (await kept.locator('p').first().textContent()) ?? '';
  const link = body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, body).toBeDefined();
  expect(new URL(link!).origin).toBe(outboxServer);

  // The coach passes the link on by hand; the athlete sets a password with it.
  const athleteContext = await browser.newContext();
  const athletePage = await athleteContext.newPage();
  await athletePage.goto(link!);
  await athletePage.getByLabel('New Password').fill('the athlete passphrase');
  await athletePage.getByLabel('Confirm Password').fill('the athlete passphrase');
  await athletePage.getByRole('button', { name: 'Set Password' }).click();
  await expect(athletePage.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await athleteContext.close();
});
