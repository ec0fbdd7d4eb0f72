import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { FIXTURE_PLAYER_ID, fixtureAnalysis, showAnalysis } from './analysis-fixture';
import { fixtureVideo } from './media';
import {
  newAccount,
  registerThroughApi,
  signInAsAdmin,
  signInThroughUi,
  toasts,
  uniqueEmail,
} from './support';
import { player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// Every screen, at a phone's width and a desktop's, has no serious or critical axe violation.
// One test per viewport and part of the app, each walking its screens in one signed-in page, so
// the whole audit costs two uploads and a handful of sign-ups.
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

async function openDialog(
  page: Page,
  button: string,
  dialog: { role?: 'dialog' | 'alertdialog'; name: string },
) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const opened = page.getByRole(dialog.role ?? 'dialog', { name: dialog.name });
  await expect(opened).toBeVisible();
  return opened;
}

/** Escape closes the top layer: a toast that just appeared goes first, then the dialog. */
async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the signed-out screens', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
      await expectAccessible(page, 'sign in');

      // A wrong password: the Error toast (the destructive one) over the form.
      await signInThroughUi(page, uniqueEmail('athlete'), 'not the right password');
      await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
      await expectAccessible(page, 'sign in, Error toast');

      await page.getByRole('button', { name: 'Create an account' }).click();
      await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
      await expectAccessible(page, 'create an account');

      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await expectAccessible(page, 'forgot password');
      await page.getByLabel('Email').fill(uniqueEmail('athlete'));
      await page.getByRole('button', { name: 'Send Link' }).click();
      await expect(page.getByRole('button', { name: 'try another email' })).toBeVisible();
      await expectAccessible(page, 'forgot password, link sent');

      await page.goto('/reset-password?token=made-up');
      await expect(page.getByLabel('New Password')).toBeVisible();
      await expectAccessible(page, 'reset password');
      await page.getByLabel('New Password').fill('a long enough passphrase');
      await page.getByLabel('Confirm Password').fill('a long enough passphrase');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByText(/This password link is not valid/)).toBeVisible();
      await expectAccessible(page, 'reset password, link refused');

      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
      await expectAccessible(page, 'reset password without a token');

      await page.goto('/unsubscribe?token=made-up');
      await expect(page.getByRole('heading', { name: 'Stop notification emails?' })).toBeVisible();
      await expectAccessible(page, 'unsubscribe');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
      await expectAccessible(page, 'unsubscribe, link refused');
    });

    test('the signed-in pages', async ({ page, browser }) => {
      // The Teams page and the share dialog with teams (issue 18) take their share of it too.
      test.setTimeout(200_000);
      const coach = newAccount('coach');
      await registerThroughApi(page, coach);
      const video = await uploadThroughApi(
        page,
        'Squats',
        fixtureVideo('squats_single_person.mp4'),
      );
      const student = await page.request.post('/api/coach/students', {
        data: { name: 'Jordan Lee', email: uniqueEmail('athlete') },
      });
      expect(student.status()).toBe(201);
      // Another coach shares a clip at view access: its card has the Shared badges, and its
      // page has none of the owner's controls.
      const sharer = await browser.newContext();
      const sharerPage = await sharer.newPage();
      await registerThroughApi(sharerPage, newAccount('coach', 'Sam Sharer'));
      const shared = await uploadThroughApi(
        sharerPage,
        'Shared drill',
        fixtureVideo('squats_single_person.mp4'),
      );
      const share = await sharerPage.request.post(`/api/videos/${shared.id}/share`, {
        data: { email: coach.email, accessLevel: 'view' },
      });
      expect(share.status()).toBe(201);
      await waitUntilPrepared(page, video.id);
      await waitUntilPrepared(sharerPage, shared.id);
      // A range of it chosen for analysis: this server scans nothing, so it waits in the tab.
      const range = await sharerPage.request.post(`/api/videos/${shared.id}/analysis-ranges`, {
        data: { ranges: [{ start: 2, end: 6 }] },
      });
      expect(range.status()).toBe(201);
      await sharer.close();

      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Squats', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Shared drill', exact: true })).toBeVisible();
      await expectAccessible(page, 'dashboard');

      if (viewport.width < 768) {
        await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await expect(drawer).toBeVisible();
        await expectAccessible(page, 'navigation drawer');
        await drawer.getByRole('button', { name: 'Close' }).click();
        await expect(drawer).toBeHidden();
      } else {
        const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
        await page.keyboard.press('Control+b');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expectAccessible(page, 'dashboard, side panel collapsed');
        await page.keyboard.press('Control+b');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }

      await page.goto('/videos');
      await expect(page.getByRole('link', { name: 'Squats', exact: true })).toBeVisible();
      await expectAccessible(page, 'videos');
      await page.getByRole('searchbox').fill('nothing like this');
      await expect(page.getByText('No videos found matching your search')).toBeVisible();
      await expectAccessible(page, 'videos, nothing found');

      await page.goto(`/videos/${shared.id}`);
      await expect(page.getByRole('heading', { name: 'Shared drill', level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Analysis of 0:02–0:06' })).toBeVisible();
      await expectAccessible(page, 'video detail, shared at view access, a range waiting');

      await page.goto('/videos/new');
      await expect(page.getByRole('heading', { name: 'Upload Video' })).toBeVisible();
      await expectAccessible(page, 'upload');

      await page.goto('/athletes');
      const card = page.getByRole('article', { name: 'Jordan Lee' });
      await expect(card).toBeVisible();
      await expectAccessible(page, 'athletes');
      const addStudent = await openDialog(page, 'Add Student', { name: 'Add Student' });
      await expectAccessible(page, 'add student dialog');
      await closeWithEscape(page, addStudent);
      await card.getByRole('button', { name: 'Edit Jordan Lee' }).click();
      await expect(page.getByRole('form', { name: 'Edit Jordan Lee' })).toBeVisible();
      await expectAccessible(page, 'athletes, editing a student');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Remove Jordan Lee' }).click();
      const remove = page.getByRole('alertdialog', { name: 'Remove this student?' });
      await expect(remove).toBeVisible();
      await expectAccessible(page, 'remove student confirmation');
      await closeWithEscape(page, remove);

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(page.getByText('No photos uploaded yet')).toBeVisible();
      await expect(
        page.getByRole('radio', { name: 'An email for each notification' }),
      ).toBeChecked();
      await expectAccessible(page, 'settings');

      // Sam's share rang the bell.
      await page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
        'Sam Sharer shared "Shared drill" with you',
      );
      await expectAccessible(page, 'notifications');
      await page.goto('/teams');
      await expect(page.getByRole('heading', { name: 'No teams yet' })).toBeVisible();
      await expectAccessible(page, 'teams, none yet');
      const newTeam = await openDialog(page, 'New Team', { name: 'New Team' });
      await expectAccessible(page, 'new team dialog');
      await newTeam.getByLabel('Team name').fill('Under 16s');
      await newTeam.getByLabel('Sport').fill('Basketball');
      await newTeam.getByLabel('Main colour').selectOption({ label: 'Blue' });
      await newTeam.getByRole('button', { name: 'Create Team' }).click();
      await expect(page.getByRole('region', { name: 'Under 16s' })).toBeVisible();
      await expectAccessible(page, 'teams');
      await page.goto(`/videos/${video.id}`);
      const teamShare = await openDialog(page, 'Share', { name: 'Share Video' });
      await expect(teamShare.getByRole('form', { name: 'Share with a team' })).toBeVisible();
      await expect(teamShare.getByText('Not shared with a team yet')).toBeVisible();
      await expectAccessible(page, 'share dialog with teams');

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expectAccessible(page, '404');

      await page.goto('/videos/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Video not found' })).toBeVisible();
      await expectAccessible(page, 'video not found');
    });

    test('the video detail page: its tabs and dialogs', async ({ page }) => {
      test.setTimeout(180_000);
      await registerThroughApi(page, newAccount('coach'));
      const video = await uploadThroughApi(
        page,
        'Squats',
        fixtureVideo('squats_single_person.mp4'),
      );
      await waitUntilPrepared(page, video.id);
      const note = await page.request.post(`/api/videos/${video.id}/annotations`, {
        data: { content: 'Great depth here', timestamp: 2, xPosition: 50, yPosition: 50 },
      });
      expect(note.status()).toBe(201);
      const { id: noteId } = (await note.json()) as { id: string };
      await page.request.post(`/api/videos/${video.id}/annotations/${noteId}/replies`, {
        data: { content: 'Thanks, coach' },
      });
      await showAnalysis(page, video.id, fixtureAnalysis(), {
        [FIXTURE_PLAYER_ID]: { name: 'Jordan Lee', photoUrl: null },
      });

      await page.goto(`/videos/${video.id}`);
      // The report is a lazily loaded chunk (the markdown renderer): slow on a loaded machine.
      await expect(page.getByRole('heading', { name: 'Technical Analysis' })).toBeVisible({
        timeout: 20_000,
      });
      await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, 'video detail, Analysis tab');

      // A coaching point picked in the list: its card (over the picture, or under it on a
      // phone) and its guides.
      await page.getByRole('button', { name: /^Knees track over toes/ }).click();
      await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(1.5, 1);
      await expectAccessible(page, 'video detail, a coaching point on the picture');

      await page.getByRole('tab', { name: 'Players' }).click();
      const players = page.getByRole('tabpanel', { name: 'Players' });
      await expect(players).toBeVisible();
      await expectAccessible(page, 'video detail, Players tab');
      // A detection near 1.5 s picked with the keyboard: its row pressed, its person boxed.
      const row = players.getByRole('button', { name: /^Jordan Lee/ });
      await row.focus();
      await page.keyboard.press('Enter');
      await expect(row).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page
          .getByRole('group', { name: 'People detected on the video' })
          .getByRole('button', { name: /^Jordan Lee at / })
          .first(),
      ).toBeVisible();
      await expectAccessible(page, 'video detail, a detection boxed on the picture');

      await page.getByRole('tab', { name: /^Notes/ }).click();
      const notes = page.getByRole('tabpanel', { name: /^Notes/ });
      await expect(notes.getByText('Great depth here')).toBeVisible();
      await expectAccessible(page, 'video detail, Notes tab');

      await notes
        .getByRole('button', { name: /Great depth here/ })
        .first()
        .click();
      const annotation = page.getByRole('dialog', { name: 'Annotation at 00:00:02' });
      await expect(annotation.getByText('Thanks, coach')).toBeVisible();
      await expectAccessible(page, 'annotation dialog');
      await closeWithEscape(page, annotation);

      await page.getByRole('button', { name: 'Add Annotation' }).click();
      await expect(
        page.getByText('Paused. Click the spot on the picture this note is about.'),
      ).toBeVisible();
      await expectAccessible(page, 'adding an annotation, picking its spot');
      // The portrait clip's tall player may be partly scrolled away on a phone.
      await player(page).scrollIntoViewIfNeeded();
      const frame = (await player(page).boundingBox())!;
      await page.mouse.click(frame.x + frame.width / 2, frame.y + frame.height / 2);
      const form = page.getByRole('form', { name: 'New annotation' });
      await expect(form).toBeVisible();
      await expectAccessible(page, 'new annotation form');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(form).toHaveCount(0);

      const chat = await openDialog(page, 'AI Coach', { name: 'Chat with AI Coach' });
      await expect(chat.getByRole('heading', { name: 'Ask about this video' })).toBeVisible();
      await expectAccessible(page, 'AI Coach chat');
      await chat.getByRole('textbox', { name: 'Message' }).fill('How many reps did I do?');
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      const log = chat.getByRole('log', { name: 'Conversation with the AI Coach' });
      await expect(log.getByRole('article', { name: 'AI Coach' })).toHaveText(/\S/);
      await expect(log).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page, 'AI Coach chat with an answer');
      await closeWithEscape(page, chat);

      const share = await openDialog(page, 'Share', { name: 'Share Video' });
      await share.getByLabel('Email').fill(uniqueEmail('athlete'));
      await share.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(share.getByRole('list')).toBeVisible();
      await expectAccessible(page, 'share dialog with a share');
      await closeWithEscape(page, share);

      await page.getByRole('tab', { name: 'Analysis' }).click();
      const regenerate = await openDialog(page, 'Regenerate Analysis', {
        name: 'Regenerate Analysis',
      });
      await expectAccessible(page, 'regenerate analysis dialog');
      await closeWithEscape(page, regenerate);

      const shortcuts = await openDialog(page, 'Keyboard shortcuts', {
        name: 'Keyboard shortcuts',
      });
      await expectAccessible(page, 'keyboard shortcuts dialog');
      await closeWithEscape(page, shortcuts);

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Cancel Edit' })).toBeVisible();
      await expectAccessible(page, 'video detail, editing');
      await page.getByRole('button', { name: 'Cancel Edit' }).click();

      const remove = await openDialog(page, 'Delete', {
        role: 'alertdialog',
        name: 'Delete this video?',
      });
      await expectAccessible(page, 'delete video confirmation');
      await closeWithEscape(page, remove);
    });

    test('the Admin area', async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsAdmin(page);
      const athlete = newAccount('athlete');
      await page.request.post('/api/register', {
        data: { username: athlete.email, password: athlete.password, name: athlete.name },
      });
      await signInAsAdmin(page);
      for (const [path, heading] of [
        ['/admin/users', 'Users'],
        ['/admin/storage', 'Storage'],
        ['/admin/jobs', 'Jobs'],
        ['/admin/mail', 'Mail'],
        ['/admin/system', 'Settings check'],
        ['/admin/audit', 'Audit log'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('region', { name: heading })).toBeVisible();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        await expectAccessible(page, `admin ${heading.toLowerCase()}`);
      }
      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(athlete.email);
      const remove = page
        .getByRole('listitem', { name: athlete.email })
        .getByRole('button', { name: 'Delete' });
      await remove.click();
      const dialog = page.getByRole('alertdialog', { name: `Delete ${athlete.name}?` });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'admin delete user dialog');
      await closeWithEscape(page, dialog);
    });
  });
}
