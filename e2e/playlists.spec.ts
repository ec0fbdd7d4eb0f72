import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { fixtureAnalysis, showAnalysis } from './analysis-fixture';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import { pauseAt, player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

const SCREENSHOTS = 'e2e/.artifacts/screenshots';

test('a coach clips a range note, a coaching point and the marked range into a playlist, reorders it by keyboard and shares it with an athlete, who plays the clips and nothing else of the video', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const coach = newAccount('coach', 'Casey Clips');
  const athleteAccount = newAccount('athlete', 'Avery Athlete');
  await registerThroughApi(page, coach);
  const video = await uploadThroughApi(
    page,
    'Clip squats',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  // A range note with a drawing: the clip made from it must show both.
  const note = await page.request.post(`/api/videos/${video.id}/annotations`, {
    data: {
      content: 'Sit back into the heels',
      timestamp: 2,
      endTime: 4,
      xPosition: 50,
      yPosition: 50,
      drawing: {
        shapes: [
          {
            kind: 'arrow',
            colour: '#ffd60a',
            width: 'thick',
            from: { x: 20, y: 20 },
            to: { x: 60, y: 60 },
          },
        ],
      },
    },
  });
  expect(note.status()).toBe(201);

  // Coaching points as if the analysis had run (its scan is not what this test is about).
  await showAnalysis(page, video.id, fixtureAnalysis());
  await page.goto(`/videos/${video.id}`);
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);

  await test.step('Make clip from the range note, into a new playlist', async () => {
    await page.getByRole('tab', { name: /Notes/ }).click();
    await page.getByRole('button', { name: 'Make clip of the note at 2.0s' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make clip' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Sit back into the heels');
    await expect(dialog.getByLabel('Start')).toHaveValue('2');
    await expect(dialog.getByLabel('End')).toHaveValue('4');
    await dialog.getByLabel('Add to playlist').selectOption({ label: 'New playlist…' });
    await dialog.getByLabel('New playlist name').fill('Week 3 review');
    await dialog.getByRole('button', { name: 'Make clip' }).click();
    await expectToast(page, 'Success', 'Clip added to Week 3 review');
    await expect(dialog).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}/video-notes-1440.png` });
  });

  await test.step('Make clip from a coaching point: two seconds either side of it', async () => {
    await page.getByRole('tab', { name: 'Analysis' }).click();
    await page.getByRole('button', { name: 'Make clip of Sit deeper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make clip' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Sit deeper');
    await expect(dialog.getByLabel('Start')).toHaveValue('2');
    await expect(dialog.getByLabel('End')).toHaveValue('6');
    await dialog.getByLabel('Add to playlist').selectOption({ label: 'Week 3 review' });
    await page.screenshot({ path: `${SCREENSHOTS}/make-clip-1440.png` });
    await dialog.getByRole('button', { name: 'Make clip' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Make clip from the range marked with I and O, into the same playlist', async () => {
    await pauseAt(page, 6);
    await player(page).focus();
    await page.keyboard.press('i');
    await pauseAt(page, 8);
    await page.keyboard.press('o');
    await page.getByRole('button', { name: 'Make clip', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Make clip' });
    await expect(dialog.getByLabel('Start')).toHaveValue(/^6(\.\d+)?$/);
    await expect(dialog.getByLabel('End')).toHaveValue(/^8(\.\d+)?$/);
    await dialog.getByLabel('Title').fill('Bottom of the rep');
    await dialog.getByLabel('Add to playlist').selectOption({ label: 'Week 3 review' });
    await dialog.getByRole('button', { name: 'Make clip' }).click();
    await expectToast(page, 'Success', 'Clip added to Week 3 review');
  });

  let playlistUrl = '';
  await test.step('the Playlists page lists it; the playlist is reordered by keyboard', async () => {
    await page.getByRole('link', { name: 'Playlists', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Week 3 review/ })).toContainText('3 clips');
    await page.screenshot({ path: `${SCREENSHOTS}/playlists-1440.png`, fullPage: true });
    await expectAccessible(page, 'Playlists page');

    await page.getByRole('link', { name: /Week 3 review/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Week 3 review' })).toBeVisible();
    playlistUrl = page.url();
    const queue = page.getByRole('list', { name: 'Clips in order' });
    await expect(queue.getByRole('listitem')).toHaveText([
      /1\. Sit back/,
      /2\. Sit deeper/,
      /3\. Bottom/,
    ]);

    // A move shows at once and is saved after it; the reload below must not cut a save short.
    const orderSaved = () =>
      page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().endsWith('/order'),
      );
    // Two presses of Enter: the focus stays on the moved clip's button between them.
    await page.getByRole('button', { name: 'Move Bottom of the rep up' }).focus();
    let saved = orderSaved();
    await page.keyboard.press('Enter');
    await expect(queue.getByRole('listitem')).toHaveText([
      /1\. Sit back/,
      /2\. Bottom/,
      /3\. Sit deeper/,
    ]);
    await expect(page.getByRole('button', { name: 'Move Bottom of the rep up' })).toBeFocused();
    expect((await saved).ok()).toBe(true);
    saved = orderSaved();
    await page.keyboard.press('Enter');
    await expect(queue.getByRole('listitem')).toHaveText([
      /1\. Bottom/,
      /2\. Sit back/,
      /3\. Sit deeper/,
    ]);
    // The focus stays with the clip that moved (now first: its Move down button).
    await expect(page.getByRole('button', { name: 'Move Bottom of the rep down' })).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: 'moved to position 1 of 3' }),
    ).toBeAttached();
    // The order is the server's too.
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(queue.getByRole('listitem')).toHaveText([
      /1\. Bottom/,
      /2\. Sit back/,
      /3\. Sit deeper/,
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/playlist-1440.png`, fullPage: true });
  });

  const athleteContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const athlete = await athleteContext.newPage();
  await registerThroughApi(athlete, athleteAccount);

  await test.step('shared with the athlete by e-mail', async () => {
    await page.getByLabel('Email').fill(athleteAccount.email);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, 'Success', 'Playlist shared');
    await expect(page.getByRole('list', { name: 'People with access' })).toContainText(
      athleteAccount.email,
    );
  });

  await test.step('the athlete plays the clips with their notes, and reaches nothing else', async () => {
    await athlete.goto('/playlists');
    await expect(athlete.getByRole('heading', { name: 'Shared with you' })).toBeVisible();
    await athlete.screenshot({ path: `${SCREENSHOTS}/playlists-375.png`, fullPage: true });
    await athlete.getByRole('link', { name: /Week 3 review/ }).click();
    const clipVideo = athlete.getByRole('region', { name: 'Playlist player' }).locator('video');
    await expect(
      athlete.getByRole('heading', { name: /Clip 1 of 3: Bottom of the rep/ }),
    ).toBeVisible();
    // The clip is its range alone: a server-cut file about two seconds long.
    await expect
      .poll(() => clipVideo.evaluate((element: HTMLVideoElement) => element.duration))
      .toBeGreaterThan(1.5);
    expect(await clipVideo.evaluate((element: HTMLVideoElement) => element.duration)).toBeLessThan(
      2.6,
    );
    expect(await clipVideo.getAttribute('src')).toMatch(/^\/api\/clips\/[0-9a-f-]+\/media$/);

    await athlete.getByRole('button', { name: 'Next clip' }).click();
    await expect(
      athlete.getByRole('heading', { name: /Clip 2 of 3: Sit back into the heels/ }),
    ).toBeVisible();
    await expect(
      athlete.getByRole('region', { name: 'Notes in this clip' }).getByRole('button'),
    ).toContainText(['Sit back into the heels']);
    // Its drawing lies over the picture from the clip's first frame (the note's moment).
    await expect(athlete.getByTestId('drawing-overlay')).toBeVisible();
    await athlete.screenshot({ path: `${SCREENSHOTS}/playlist-375.png`, fullPage: true });
    await expect(athlete.getByRole('button', { name: /Move .* up/ })).toHaveCount(0);

    for (const url of [
      `/api/videos/${video.id}`,
      `/api/videos/${video.id}/annotations`,
      `/uploads/videos/${video.id}/media.mp4`,
    ]) {
      expect((await athlete.request.get(url)).status(), url).toBe(404);
    }
    await athlete.goto(`/videos/${video.id}`);
    await expect(athlete.getByRole('heading', { level: 1, name: 'Video not found' })).toBeVisible();
  });

  await test.step('the coach renames a clip and deletes it from Your clips', async () => {
    await page.goto('/playlists');
    const clips = page.getByRole('region', { name: 'Your clips' });
    await expect(clips.getByRole('listitem')).toHaveCount(3);
    await clips.getByRole('button', { name: 'Rename Sit deeper' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename clip' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Knees out');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename).toBeHidden();
    await expect(clips.getByRole('listitem').filter({ hasText: 'Knees out' })).toContainText(
      'Clip squats',
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENSHOTS}/clips-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await clips.getByRole('button', { name: 'Delete Knees out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete clip?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Success', 'Clip deleted');
    await expect(clips.getByRole('listitem')).toHaveCount(2);
    // It left the playlist with it.
    await expect(page.getByRole('link', { name: /Week 3 review/ })).toContainText('2 clips');
  });

  await test.step('deleting the source video takes its clips out, visibly', async () => {
    await athlete.goto(new URL(playlistUrl).pathname);
    await expect(athlete.getByRole('heading', { name: /Clip 1 of 2/ })).toBeVisible();
    // The athlete's open page hears of it over the event stream: no reload.
    expect((await page.request.delete(`/api/videos/${video.id}`)).status()).toBe(200);
    await expect(
      athlete.getByText('2 clips were removed because their videos were deleted.'),
    ).toBeVisible();
    await expect(athlete.getByRole('heading', { name: 'No clips in this playlist' })).toBeVisible();
  });
  await athleteContext.close();
});
