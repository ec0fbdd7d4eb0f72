import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from './mail-support';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

test('a coach hears of an athlete’s reply at once: the bell rises live, the list opens the reply, and the email arrives', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const coach = newAccount('coach', 'Casey Coach');
  const athlete = newAccount('athlete', 'Maya Okafor');
  await registerThroughApi(page, coach);
  const athleteContext = await browser.newContext();
  const athletePage = await athleteContext.newPage();
  await registerThroughApi(athletePage, athlete);

  const video = await uploadThroughApi(page, 'Box jumps', fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  const share = await page.request.post(`/api/videos/${video.id}/share`, {
    data: { email: athlete.email, accessLevel: 'view' },
  });
  expect(share.status()).toBe(201);
  const note = await page.request.post(`/api/videos/${video.id}/annotations`, {
    data: { content: 'Land softer here', timestamp: 2, xPosition: 50, yPosition: 50 },
  });
  expect(note.status()).toBe(201);
  const noteId = ((await note.json()) as { id: string }).id;

  // The coach has the app open, nothing unread.
  await page.goto('/videos');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // The athlete answers on their own device.
  const reply = await athletePage.request.post(
    `/api/videos/${video.id}/annotations/${noteId}/replies`,
    { data: { content: 'Like this? Knees bent on landing' } },
  );
  expect(reply.status()).toBe(201);
  const replyId = ((await reply.json()) as { id: string }).id;

  // No reload: the event stream brings the count.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell.getByTestId('notification-count')).toHaveText('1');

  await bell.click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('“Like this? Knees bent on landing”');
  await item
    .getByRole('link', { name: 'Unread: Maya Okafor replied to a note on "Box jumps" at 0:02' })
    .click();

  // The video, paused at the note's time, with the thread open and the reply marked.
  await expect(page).toHaveURL(new RegExp(`/videos/${video.id}$`));
  const thread = page.getByRole('dialog');
  await expect(thread).toContainText('Land softer here');
  const answer = thread.getByTestId('reply').filter({ hasText: 'Knees bent on landing' });
  await expect(answer).toHaveAttribute('aria-current', 'true');
  // Opened, so read: behind the thread the bell is quiet again.
  await page.keyboard.press('Escape');
  await expect(thread).toBeHidden();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // The email reached the coach through the relay, with the same place to go.
  const mail = await waitForMail(coach.email, /^Maya Okafor replied to a note/);
  expect(linkIn(mail, 'http')).toMatch(
    new RegExp(`/videos/${video.id}\\?note=${noteId}&reply=${replyId}&t=2$`),
  );
  expect(mail.text).toContain('/unsubscribe?token=');
  await athleteContext.close();
});
