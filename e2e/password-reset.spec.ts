import { expect, test } from '@playwright/test';
import { linkIn, mailFor, waitForMail } from './mail-support';
import {
  expectSignInScreen,
  expectToast,
  newAccount,
  registerThroughApi,
  signInThroughUi,
  uniqueEmail,
} from './support';

const SAME_ANSWER =
  'If an account uses this email, we have sent it a link to set a new password. The link works once, for 1 hour.';
const KEPT_ANSWER =
  "This server does not send email. If an account uses this email, a link to set a new password is waiting in the server's mail outbox: ask its administrator for it (Admin > Mail). The link works once, for 1 hour.";

test('forgot password: the same answer for any e-mail, a link by mail, a new password that works once', async ({
  page,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const athlete = newAccount('athlete');
  const stranger = uniqueEmail('athlete');
  const newPassword = 'a brand new passphrase';
  await registerThroughApi(page, athlete);
  await page.context().clearCookies();

  // What was typed on the sign-in screen comes along.
  await page.goto('/');
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(stranger);

  // No account uses this address: the answer is the same all the same.
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status').getByText(SAME_ANSWER, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'try another email' }).click();
  await page.getByLabel('Email').fill(athlete.email);
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status').getByText(SAME_ANSWER, { exact: true })).toBeVisible();

  const mail = await waitForMail(athlete.email, /^Set a new FilmRoom password$/);
  expect(await mailFor(stranger)).toEqual([]);
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText("The passwords don't match.")).toBeVisible();
  await expect(page.getByLabel('Confirm Password')).toBeFocused();
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expectToast(page, 'Success', 'Password set successfully');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  // The old password is gone, the new one signs in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, athlete.email, athlete.password);
  await expectToast(page, 'Error', 'Invalid username or password');
  await signInThroughUi(page, athlete.email, newPassword);
  await expectToast(page, 'Success', 'Logged in successfully');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectSignInScreen(page);

  // The link worked once: now it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New Password').fill('yet another passphrase');
  await page.getByLabel('Confirm Password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  await expect(
    page.getByText(
      'This password link has already been used. Ask for a new one with "Forgot your password?".',
      { exact: true },
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a New Link' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expectSignInScreen(page);
});

test('a set-password address without its token, or with a made-up one, says why', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  await expect(
    page.getByText('The link is missing its token. Open the link from the email again.'),
  ).toBeVisible();

  await page.goto('/reset-password?token=made-up');
  await page.getByLabel('New Password').fill('a long enough passphrase');
  await page.getByLabel('Confirm Password').fill('a long enough passphrase');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(
    page.getByText(
      'This password link is not valid. Ask for a new one with "Forgot your password?".',
    ),
  ).toBeVisible();
  // Explained on the page, so no Error toast on top.
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Error'),
  ).toHaveCount(0);

  // A server with no relay (the measuring one) says where the link really is, to anyone alike.
  await page.goto(`${process.env.FILMROOM_E2E_MEASURED_URL}/forgot-password`);
  await page.getByLabel('Email').fill(uniqueEmail('athlete'));
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByRole('status').getByText(KEPT_ANSWER, { exact: true })).toBeVisible();
  await expect(page.getByText(/spam folder/)).toHaveCount(0);
});
