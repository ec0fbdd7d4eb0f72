import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { loggedMailLink } from './mail-support';
import { expectToast, newAccount, type NewAccount } from './support';

// The measuring server has no SMTP relay (see playwright.config.ts): what a laptop without a
// relay sees. Mail is kept for its recipient's outbox, once their address is confirmed; until
// then its links reach them through the administrator (Admin > Mail; the tests read the log).
const outboxServer = process.env.FILMROOM_E2E_MEASURED_URL!;

/** Signs up on the outbox server, then confirms the address from the link in the log. */
async function signUpAndConfirm(page: Page, account: NewAccount) {
  const registered = await page.request.post(`${outboxServer}/api/register`, {
    data: {
      username: account.email,
      password: account.password,
      name: account.name,
      isCoach: account.isCoach,
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(`${outboxServer}/settings`);
  // No relay: the banner says where the link really is, not that it was mailed.
  await expect(page.getByRole('region', { name: 'Unconfirmed address' })).toContainText(
    'This server does not send email, so the link for',
  );
  await expect(page.getByRole('region', { name: 'Coaches' })).toContainText(
    'Confirm your email address to see',
  );
  await page.goto(await loggedMailLink(account.email, `${outboxServer}/confirm-email?token=`));
  await expect(page.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
}

test('without a relay: an athlete reads a coach’s invitation in their own outbox, accepts, leaves, and declines the next', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const coach = newAccount('coach', 'Casey Coach');
  const athlete = newAccount('athlete', 'Maya Okafor');
  await signUpAndConfirm(page, coach);
  const athleteContext = await browser.newContext();
  const athletePage = await athleteContext.newPage();
  await signUpAndConfirm(athletePage, athlete);

  const addAthlete = () =>
    page.request.post(`${outboxServer}/api/coach/students`, { data: { email: athlete.email } });
  expect((await addAthlete()).status()).toBe(201);

  // The coach caused the mail but never reads it: it is the athlete's.
  await page.goto(`${outboxServer}/settings`);
  const coachOutbox = page.getByRole('region', { name: 'Mail outbox' });
  await expect(coachOutbox).toContainText('has no mail relay set up');
  await expect(coachOutbox.getByText('No mail yet')).toBeVisible();

  await athletePage.goto(`${outboxServer}/settings`);
  const kept = athletePage
    .getByRole('region', { name: 'Mail outbox' })
    .getByRole('list', { name: 'Kept mail' })
    .getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('Roster invitation');
  await kept
    .getByText('Casey Coach wants to add you to their athletes on FilmRoom', { exact: true })
    .click();
  const body = (await kept.locator('p').first().textContent()) ?? '';
  const link = body.match(/https?:\/\/\S+\/roster-invitation\?token=\S+/)?.[0];
  expect(link, body).toBeDefined();
  await athletePage.goto(link!);
  await athletePage.getByRole('button', { name: 'Accept' }).click();
  await expect(
    athletePage.getByRole('heading', { name: "You're on Casey Coach's list" }),
  ).toBeVisible();

  // The coach now knows the athlete by name.
  await page.goto(`${outboxServer}/athletes`);
  await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();

  // Settings > Coaches: leaving asks first, then the coach's card is gone.
  await athletePage.goto(`${outboxServer}/settings`);
  const coaches = athletePage.getByRole('region', { name: 'Coaches' });
  await coaches.getByRole('button', { name: "Leave Casey Coach's list" }).click();
  const leave = athletePage.getByRole('alertdialog', { name: "Leave this coach's list?" });
  await leave.getByRole('button', { name: 'Leave List' }).click();
  await expectToast(athletePage, 'Success', "You left Casey Coach's list");
  await expect(coaches.getByText('No coaches yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No students added yet')).toBeVisible();

  // Asked again, the athlete says no from the banner; the coach sees the answer, not the name.
  expect((await addAthlete()).status()).toBe(201);
  await athletePage.reload();
  const banner = athletePage.getByRole('region', { name: 'Coach invitations' });
  await banner.getByRole('button', { name: "Decline Casey Coach's invitation" }).click();
  await expectToast(athletePage, 'Success', "You declined Casey Coach's invitation");
  await expect(banner).toHaveCount(0);
  await page.reload();
  const declined = page.getByRole('article', { name: athlete.email });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(page.getByText('Maya Okafor')).toHaveCount(0);
  await athleteContext.close();
});
