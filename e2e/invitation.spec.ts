import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { linkIn, waitForMail } from './mail-support';
import { fixtureVideo } from './media';
import {
  expectToast,
  newAccount,
  PASSWORD,
  registerThroughApi,
  signInThroughUi,
  uniqueEmail,
} from './support';
import { uploadThroughApi, videoCard } from './video-support';

/** The controls spec §6 keeps from people with view access, on the video page. */
async function expectEditControls(page: Page, shown: boolean) {
  const count = shown ? 1 : 0;
  for (const name of ['Share', 'Edit', 'Delete']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(count);
  }
  await expect(page.getByRole('button', { name: 'Regenerate Analysis' })).toHaveCount(count);
  await page.getByRole('tab', { name: 'Players' }).click();
  await expect(page.getByRole('button', { name: 'Detect Players' })).toHaveCount(count);
  await page.getByRole('tab', { name: 'Analysis' }).click();
  // Everyone who can see the video may chat about it.
  await expect(page.getByRole('button', { name: 'AI Coach' })).toBeVisible();
}

test('a coach invites a new athlete, who joins from the e-mail and sees the shared video at its level', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  const coach = newAccount('coach', 'Casey Coach');
  const athleteEmail = uniqueEmail('athlete');
  const newPassword = `${PASSWORD} 2`;
  await registerThroughApi(page, coach);
  const video = await uploadThroughApi(
    page,
    'Zone defence',
    fixtureVideo('basketball_practice.mp4'),
  );

  // The coach adds the athlete, who has no account yet.
  await page.goto('/athletes');
  await expect(page.getByText('No students added yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Student' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Student' });
  await addDialog.getByRole('button', { name: 'Add Student' }).click();
  await expect(addDialog.getByText('Please enter a student email', { exact: true })).toBeVisible();
  await expect(addDialog.getByLabel('Email')).toBeFocused();
  await addDialog.getByLabel('Name').fill('Maya Okafor');
  await addDialog.getByLabel('Email').fill(athleteEmail);
  await addDialog.getByRole('button', { name: 'Add Student' }).click();
  await expectToast(page, 'Success', 'Student added successfully');
  await expect(addDialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Maya Okafor' });
  await expect(card).toContainText(athleteEmail);
  await expect(card.getByText('Invitation pending')).toBeVisible();

  // ...and shares a video with them, at view access (the default).
  await page.goto(`/videos/${video.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share Video' });
  await expect(shareDialog.getByText('No shares yet')).toBeVisible();
  const shareButton = shareDialog.getByRole('button', { name: 'Share', exact: true });
  await expect(shareButton).toBeDisabled();
  await expect(shareDialog.getByLabel('Access level', { exact: true })).toHaveValue('view');
  await shareDialog.getByLabel('Email').fill(athleteEmail);
  await expect(shareButton).toBeEnabled();
  await shareButton.click();
  await expectToast(page, 'Success', 'Video shared successfully');
  const level = shareDialog.getByLabel(`Access level for ${athleteEmail}`);
  await expect(level).toHaveValue('view');
  // Nobody has proved the address yet: the share waits for them.
  await expect(shareDialog.getByText(/^Pending: waiting for this address/)).toBeVisible();
  await expect(shareDialog.getByText('No shares yet')).toHaveCount(0);
  // (Escape would first close the toast, the layer on top.)
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  await expect(shareDialog).toBeHidden();

  // The invitation reaches the SMTP peer with a link to set a password on this server.
  const invitation = await waitForMail(athleteEmail, /^Casey Coach invited you to FilmRoom$/);
  const link = linkIn(invitation, `${baseURL}/reset-password?token=`);

  // The athlete, on their own device, sets a password from the link and lands signed in.
  const athleteContext = await browser.newContext({ baseURL });
  const athletePage = await athleteContext.newPage();
  await athletePage.goto(link);
  await expect(athletePage.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await athletePage.getByLabel('New Password').fill(newPassword);
  await athletePage.getByLabel('Confirm Password').fill(newPassword);
  await athletePage.getByRole('button', { name: 'Set Password' }).click();
  await expectToast(athletePage, 'Success', 'Password set successfully');
  await expect(athletePage).toHaveURL('/');
  await expect(athletePage.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  // The link proved the address; joining the coach's list is a question of its own.
  const invitations = athletePage.getByRole('region', { name: 'Coach invitations' });
  await expect(invitations).toContainText('Casey Coach wants to add you to their athletes');
  await athletePage.goto('/settings');
  await expect(athletePage.getByRole('region', { name: 'Coaches' })).toContainText('Invitation');
  await expectAccessible(athletePage, 'settings with a coach invitation');
  await athletePage.goto('/');
  await invitations.getByRole('button', { name: "Accept Casey Coach's invitation" }).click();
  await expectToast(athletePage, 'Success', "You joined Casey Coach's athletes");
  await expect(invitations).toHaveCount(0);

  // The password is theirs: signing out and in again works with it.
  await athletePage.getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(athletePage, athleteEmail, newPassword);
  await expectToast(athletePage, 'Success', 'Logged in successfully');

  // The shared video is on their Dashboard, marked as shared, view only.
  const shared = videoCard(athletePage, 'Zone defence');
  await expect(shared.getByText('Shared', { exact: true })).toBeVisible();
  await expect(shared.getByText('by Casey Coach')).toBeVisible();
  await expect(shared.getByText('View Access')).toBeVisible();
  await expect(shared.getByRole('link', { name: 'Edit Zone defence' })).toHaveCount(0);
  await shared.getByRole('link', { name: 'Zone defence', exact: true }).click();
  await expect(athletePage).toHaveURL(`/videos/${video.id}`);
  await expect(athletePage.getByRole('heading', { level: 1, name: 'Zone defence' })).toBeVisible();
  await expectEditControls(athletePage, false);

  // The share e-mail arrived too, with the link that proves the address (already proven here).
  const shareMail = await waitForMail(
    athleteEmail,
    /^Casey Coach shared "Zone defence" with you on FilmRoom$/,
  );
  linkIn(shareMail, `${baseURL}/confirm-email?token=`);

  // The coach raises the share to edit; the roster shows the athlete has joined.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await level.selectOption('edit');
  await expectToast(page, 'Success', 'Video shared successfully');
  await expect(level).toHaveValue('edit');
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/athletes');
  await expect(card).toBeVisible();
  await expect(card.getByText('Invitation pending')).toHaveCount(0);

  // The athlete's next visit has the controls. The share list stays unrequested: the video
  // was shared with them (spec §6).
  const shareListRequests: string[] = [];
  athletePage.on('request', (request) => {
    if (request.url().includes(`/api/videos/${video.id}/shares`)) {
      shareListRequests.push(request.url());
    }
  });
  await athletePage.reload();
  await expect(athletePage.getByText('Edit Access')).toBeVisible();
  await expectEditControls(athletePage, true);
  await athletePage.getByRole('button', { name: 'Share', exact: true }).click();
  const athleteShareDialog = athletePage.getByRole('dialog', { name: 'Share Video' });
  await expect(athleteShareDialog.getByText(/only its owner sees the full list/)).toBeVisible();
  await expect(athleteShareDialog.getByText('No shares yet')).toHaveCount(0);
  expect(shareListRequests).toEqual([]);

  await athleteContext.close();
});

test('removing a share takes the video off the other person’s list', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const baseURL = test.info().project.use.baseURL!;
  const owner = newAccount('coach', 'Olive Owner');
  const friend = newAccount('athlete', 'Frankie Friend');
  const friendContext = await browser.newContext({ baseURL });
  const friendPage = await friendContext.newPage();
  await registerThroughApi(friendPage, friend);
  await registerThroughApi(page, owner);
  const video = await uploadThroughApi(
    page,
    'Corner routine',
    fixtureVideo('basketball_practice.mp4'),
  );

  await page.goto(`/videos/${video.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Video' });
  await dialog.getByLabel('Email').fill(friend.email);
  await dialog.getByLabel('Access level', { exact: true }).selectOption('edit');
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expectToast(page, 'Success', 'Video shared successfully');
  await expect(dialog.getByLabel(`Access level for ${friend.email}`)).toHaveValue('edit');
  // The form is ready for the next person, back at the default level.
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByLabel('Access level', { exact: true })).toHaveValue('view');

  await friendPage.goto('/videos');
  await expect(videoCard(friendPage, 'Corner routine').getByText('Edit Access')).toBeVisible();
  await expect(
    videoCard(friendPage, 'Corner routine').getByRole('link', { name: 'Edit Corner routine' }),
  ).toBeVisible();

  await dialog.getByRole('button', { name: `Remove share with ${friend.email}` }).click();
  await expectToast(page, 'Success', 'Share removed successfully');
  await expect(dialog.getByText('No shares yet')).toBeVisible();

  await friendPage.reload();
  await expect(friendPage.getByText('No videos uploaded yet')).toBeVisible();
  await friendContext.close();
});

test('a video shared with an address nobody has yet is opened by signing up through the mailed link', async ({
  page,
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const owner = newAccount('coach', 'Olive Owner');
  await registerThroughApi(page, owner);
  const video = await uploadThroughApi(
    page,
    'Press break',
    fixtureVideo('basketball_practice.mp4'),
  );
  const newcomer = uniqueEmail('athlete');
  const shared = await page.request.post(`/api/videos/${video.id}/share`, {
    data: { email: newcomer, accessLevel: 'view' },
  });
  expect(await shared.json()).toMatchObject({ pending: true });

  const mail = await waitForMail(newcomer, /^Olive Owner shared "Press break" with you/);
  const context = await browser.newContext({ baseURL });
  const newcomerPage = await context.newPage();
  await newcomerPage.goto(linkIn(mail, `${baseURL}/confirm-email?token=`));
  await expect(newcomerPage.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await expect(newcomerPage.getByLabel('Email')).toHaveValue(newcomer);
  await expect(newcomerPage.getByLabel('Email')).toHaveAttribute('readonly', '');
  await newcomerPage.getByLabel('Full Name').fill('Nico Newcomer');
  await newcomerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await newcomerPage.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(newcomerPage, 'Success', 'Registration successful');
  await expect(newcomerPage).toHaveURL('/');
  await expect(videoCard(newcomerPage, 'Press break').getByText('View Access')).toBeVisible();
  await expect(newcomerPage.getByRole('region', { name: 'Unconfirmed address' })).toHaveCount(0);
  await context.close();
});
