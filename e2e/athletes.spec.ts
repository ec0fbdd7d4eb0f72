import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './a11y-support';
import { linkIn, waitForMail } from './mail-support';
import { fixturePhoto } from './media';
import { expectToast, newAccount, registerThroughApi, toasts } from './support';

test('a coach invites, searches, edits and removes students, with confirmation', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  // An athlete who already has an account (registered on their own, elsewhere).
  const jordan = newAccount('athlete', 'Jordan Lee');
  const elsewhere = await browser.newContext({ baseURL });
  const jordanAtHome = await elsewhere.newPage();
  await registerThroughApi(jordanAtHome, jordan);
  // Jordan has a profile photo: the coach's card shows it once Jordan accepts.
  const photo = await jordanAtHome.request.post('/api/user/photos', {
    multipart: {
      photo: {
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(fixturePhoto('face_obama_1.jpg')),
      },
    },
  });
  expect(photo.status()).toBe(201);

  const coach = newAccount('coach', 'Casey Coach');
  await registerThroughApi(page, coach);
  await page.goto('/athletes');
  await expect(page.getByText('No students added yet')).toBeVisible();

  const addDialog = page.getByRole('dialog', { name: 'Add Student' });
  // An existing account is asked first: until Jordan accepts the card shows only the address.
  await page.getByRole('button', { name: 'Add Student' }).click();
  await addDialog.getByLabel('Email').fill(` ${jordan.email.toUpperCase()} `);
  await addDialog.getByRole('button', { name: 'Add Student' }).click();
  await expectToast(page, 'Success', 'Student added successfully');
  const invited = page.getByRole('article', { name: jordan.email });
  await expect(invited.getByText('Invitation pending')).toBeVisible();
  await expect(invited.locator('img')).toHaveCount(0);
  await expect(page.getByText('Jordan Lee')).toHaveCount(0);

  // Jordan answers from the mail, without signing in.
  const mail = await waitForMail(
    jordan.email,
    /^Casey Coach wants to add you to their athletes on FilmRoom$/,
  );
  const jordanPage = await elsewhere.newPage();
  await jordanPage.context().clearCookies();
  await jordanPage.goto(linkIn(mail, `${baseURL}/roster-invitation?token=`));
  await expect(
    jordanPage.getByRole('heading', { name: 'Casey Coach wants to add you to their athletes' }),
  ).toBeVisible();
  await expectAccessible(jordanPage, 'roster invitation link');
  await jordanPage.getByRole('button', { name: 'Accept' }).click();
  await expect(
    jordanPage.getByRole('heading', { name: "You're on Casey Coach's list" }),
  ).toBeVisible();
  await elsewhere.close();

  await page.reload();
  const jordanCard = page.getByRole('article', { name: 'Jordan Lee' });
  await expect(jordanCard).toContainText(jordan.email);
  await expect(jordanCard.getByText('Invitation pending')).toHaveCount(0);
  const avatar = jordanCard.locator('img');
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('athletes-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(avatar).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('athletes-375.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The same person twice: the server's message in the Error toast, the dialog stays open.
  await page.getByRole('button', { name: 'Add Student' }).click();
  await addDialog.getByLabel('Email').fill(jordan.email);
  await addDialog.getByRole('button', { name: 'Add Student' }).click();
  await expectToast(page, 'Error', '409: This student is already on your list');
  await expect(addDialog).toBeVisible();
  await addDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog).toBeHidden();

  // A new address without a name: named from the e-mail until the coach renames them.
  const samEmail = `sam-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Add Student' }).click();
  await addDialog.getByLabel('Email').fill(samEmail);
  await addDialog.getByRole('button', { name: 'Add Student' }).click();
  await expectToast(page, 'Success', 'Student added successfully');
  const samCard = page.getByRole('article', { name: samEmail });
  await expect(samCard.getByText('Invitation pending')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Students' }).getByRole('listitem')).toHaveCount(2);

  // Search matches names and e-mails, ignoring case.
  const search = page.getByRole('searchbox', { name: 'Search students' });
  await search.fill('JORDAN');
  await expect(jordanCard).toBeVisible();
  await expect(samCard).toHaveCount(0);
  await search.fill(samEmail);
  await expect(samCard).toBeVisible();
  await expect(jordanCard).toHaveCount(0);
  await search.fill('nobody by this name');
  await expect(page.getByText('No students found matching your search')).toBeVisible();
  await search.fill('');

  // Inline edit: Cancel keeps everything; blank fields keep the current values; Save renames.
  await jordanCard.getByRole('button', { name: 'Edit Jordan Lee' }).click();
  const form = page.getByRole('form', { name: 'Edit Jordan Lee' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill('Someone Else');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(jordanCard.getByRole('heading', { name: 'Jordan Lee' })).toBeVisible();
  await expect(jordanCard.getByRole('button', { name: 'Edit Jordan Lee' })).toBeFocused();

  await jordanCard.getByRole('button', { name: 'Edit Jordan Lee' }).click();
  await form.getByLabel('Name').fill('  ');
  await form.getByLabel('Email').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Student updated successfully');
  await expect(form).toHaveCount(0);
  await expect(jordanCard).toContainText(jordan.email);

  await jordanCard.getByRole('button', { name: 'Edit Jordan Lee' }).click();
  await form.getByLabel('Name').fill('J. Lee');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Student updated successfully');
  const renamed = page.getByRole('article', { name: 'J. Lee' });
  await expect(renamed).toContainText(jordan.email);

  // The Dashboard counts those who accepted as Active Athletes (Sam has not answered yet).
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'Statistics' });
  await expect(figures).toContainText('Active Athletes1');
  await expect(figures).toContainText('1 invitation pending');
  await page.goto('/athletes');

  // Removing asks first; Cancel keeps the student.
  await renamed.getByRole('button', { name: 'Remove J. Lee' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this student?' });
  await expect(confirm).toContainText('J. Lee will be taken off your list');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Remove J. Lee' }).click();
  await confirm.getByRole('button', { name: 'Remove Student' }).click();
  await expectToast(page, 'Success', 'Student removed successfully');
  await expect(renamed).toHaveCount(0);
  await samCard.getByRole('button', { name: /^Remove / }).click();
  await confirm.getByRole('button', { name: 'Remove Student' }).click();
  await expect(toasts(page).getByText('Student removed successfully')).toBeVisible();
  await expect(page.getByText('No students added yet')).toBeVisible();

  // Only the link went: Jordan's account still signs in.
  const jordanAgain = await playwright.request.newContext({ baseURL });
  expect(
    (
      await jordanAgain.post('/api/login', {
        data: { username: jordan.email, password: jordan.password },
      })
    ).status(),
  ).toBe(200);
  await jordanAgain.dispose();
});
