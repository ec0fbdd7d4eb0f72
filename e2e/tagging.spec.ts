import { expect, test } from '@playwright/test';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { playWithKeyboard, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

const SCREENSHOTS = 'e2e/.artifacts/screenshots';

test('a coach copies the basketball window, tags by keyboard at 2× with a shirt number and a label, makes a playlist from the cell, sees a second coach’s events live with FG% per player, the athlete sees My events, and the season view counts it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const coach = newAccount('coach', 'Tia Tagger');
  const athlete = newAccount('athlete', 'Jordan Shooter');
  const assistant = newAccount('coach', 'Ash Assistant');
  await registerThroughApi(page, coach);
  const assistantContext = await browser.newContext({ baseURL });
  const assistantPage = await assistantContext.newPage();
  await registerThroughApi(assistantPage, assistant);
  // The athlete, #23, accepts a place on the coach's roster.
  const athleteContext = await browser.newContext({ baseURL });
  const athletePage = await athleteContext.newPage();
  await registerThroughApi(athletePage, athlete);
  const profile = await athleteContext.request.put('/api/user/profile', {
    data: { playerNumber: 23 },
  });
  expect(profile.status()).toBe(200);
  const invited = await page.request.post('/api/coach/students', {
    data: { email: athlete.email },
  });
  const { id: linkId } = (await invited.json()) as { id: string };
  expect((await athleteContext.request.post(`/api/roster/coaches/${linkId}/accept`)).status()).toBe(
    200,
  );

  const video = await uploadThroughApi(page, 'Scrimmage', fixtureVideo('basketball_practice.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  // Generous: on a loaded two-core machine the first frame can take several seconds.
  await expect
    .poll(async () => (await videoState(page)).readyState, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);

  await test.step('Copy the ready-made basketball window', async () => {
    await page.getByRole('tab', { name: 'Tag' }).click();
    await expect(page.getByRole('heading', { name: 'No code window yet' })).toBeVisible();
    await page.getByLabel('Ready-made code window').selectOption({ label: 'Basketball' });
    await expect(page.getByRole('heading', { name: 'Code window', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Shot/ })).toHaveAttribute(
      'aria-keyshortcuts',
      's',
    );
  });

  await test.step('Tag a shot by keyboard at 2× without pausing; #23 and Missed go on it', async () => {
    await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('2');
    await playWithKeyboard(page);
    await page.keyboard.press('s');
    const timeline = page.getByTestId('tag-timeline');
    await expect(timeline.getByRole('button', { name: /^Play Shot at / })).toHaveCount(1);
    // The press tagged and the film went on, still at 2×.
    const playing = await videoState(page);
    expect(playing.playbackRate).toBe(2);
    expect(playing.paused && playing.currentTime < 9.9, 'paused by the press').toBe(false);
    await page.keyboard.type('23');
    await page.keyboard.press('Enter');
    await page.keyboard.press('x');
    await expect(page.getByTestId('last-tag')).toContainText('Shot at');
    await expect(page.getByTestId('last-tag')).toContainText('#23 Jordan Shooter · Missed');
    // A rebound tagged by mistake, taken back with Ctrl+Z.
    await page.keyboard.press('r');
    await expect(timeline.getByRole('button', { name: /^Play Rebound/ })).toHaveCount(1);
    await page.keyboard.press('Control+z');
    await expect(timeline.getByRole('button', { name: /^Play Rebound/ })).toHaveCount(0);
    // The shot is the last event again.
    await expect(page.getByTestId('last-tag')).toContainText('#23 Jordan Shooter · Missed');
    await expect(
      timeline.getByRole('button', {
        name: /^Play Shot at .*#23 Jordan Shooter, Result: Missed, Q1$/,
      }),
    ).toHaveCount(1);
  });

  await test.step('The matrix counts it; its cell becomes a playlist', async () => {
    const matrix = page.getByTestId('tag-matrix');
    await expect(matrix.getByRole('columnheader', { name: '#23 Jordan Shooter' })).toBeVisible();
    await matrix.getByRole('button', { name: '1 Shot, #23 Jordan Shooter: show events' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/tagging-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENSHOTS}/tagging-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Make playlist' }).click();
    await expect(page.getByText('Playlist made with 1 clip.')).toBeVisible();
    await page.getByRole('link', { name: 'Open playlist' }).click();
    await expect(page.getByRole('heading', { name: 'Shot, #23 Jordan Shooter' })).toBeVisible();
    await expect(
      page.getByText('Shot · #23 Jordan Shooter · Result: Missed · Q1').first(),
    ).toBeVisible();
  });

  await test.step('The window editor shows the server’s reason for refusing a change', async () => {
    await page.goto(`/videos/${video.id}`);
    await page.getByRole('tab', { name: 'Tag' }).click();
    await page.getByRole('button', { name: 'Edit window' }).click();
    const editor = page.getByRole('form', { name: 'Edit code window' });
    // The Shot button's key made the same as the Made label's.
    await editor.getByRole('group', { name: 'Button Shot' }).getByLabel('Key').fill('m');
    await editor.getByRole('button', { name: 'Save code window' }).click();
    await expect(editor.getByRole('alert')).toHaveText(
      'Each hotkey may be used once in a code window',
    );
    await editor.screenshot({ path: `${SCREENSHOTS}/tagging-editor-1440.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await editor.screenshot({ path: `${SCREENSHOTS}/tagging-editor-375.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Code window', exact: true })).toBeVisible();
  });

  await test.step('A second coach, an editor, tags in another browser: the first sees it live, with FG% per player', async () => {
    const share = await page.request.post(`/api/videos/${video.id}/share`, {
      data: { email: assistant.email, accessLevel: 'edit' },
    });
    expect(share.status()).toBe(201);
    const fieldGoals = page.getByTestId('tag-ratio-row').filter({ hasText: 'FG%' });
    await expect(fieldGoals.getByRole('cell').nth(1)).toHaveText(/^0\/1\s*0%$/);

    await assistantPage.goto(`/videos/${video.id}`);
    await assistantPage.getByRole('tab', { name: 'Tag' }).click();
    await assistantPage.getByLabel('Ready-made code window').selectOption({ label: 'Basketball' });
    // Exact: "No code window yet", the heading before the copy arrives, contains the words too.
    await expect(
      assistantPage.getByRole('heading', { name: 'Code window', exact: true }),
    ).toBeVisible();
    await expect(assistantPage.getByRole('button', { name: /^Shot/ })).toBeVisible();
    // A made shot by #23, then a rebound with no player.
    await assistantPage.keyboard.press('s');
    await assistantPage.keyboard.type('23');
    await assistantPage.keyboard.press('Enter');
    await assistantPage.keyboard.press('m');
    await expect(assistantPage.getByTestId('last-tag')).toContainText('#23 Jordan Shooter · Made');
    await assistantPage.keyboard.press('r');
    await expect(
      assistantPage.getByTestId('tag-timeline').getByRole('button', { name: /^Play Rebound/ }),
    ).toHaveCount(1);

    // The first coach's page, never reloaded: two shots, a rebound, and #23 at 1 of 2.
    const timeline = page.getByTestId('tag-timeline');
    // By the row's count: two shots at the same moment are drawn as one cluster.
    await expect(timeline.getByRole('toolbar', { name: 'Shot: 2 events' })).toBeVisible();
    await expect(timeline.getByRole('button', { name: /^Play Rebound/ })).toHaveCount(1);
    const matrix = page.getByTestId('tag-matrix');
    // The counts refresh on their own request after the events arrive: waited for, not read once.
    await expect(matrix.getByRole('columnheader')).toHaveText([
      'Event',
      'All',
      '#23 Jordan Shooter',
      'No player',
    ]);
    await expect(fieldGoals.getByRole('cell').nth(0)).toHaveText(/^1\/2\s*50%$/);
    await expect(fieldGoals.getByRole('cell').nth(1)).toHaveText(/^1\/2\s*50%$/);
    await page
      .getByRole('group', { name: 'Rows' })
      .getByRole('button', { name: 'By player' })
      .click();
    await expect(page.getByRole('toolbar', { name: '#23 Jordan Shooter: 2 events' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'No player: 1 event' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/tagging-live-1440.png`, fullPage: true });
  });

  await test.step('The athlete sees only their own events under My events', async () => {
    const share = await page.request.post(`/api/videos/${video.id}/share`, {
      data: { email: athlete.email, accessLevel: 'view' },
    });
    expect(share.status()).toBe(201);
    await athletePage.goto(`/videos/${video.id}`);
    await athletePage.getByRole('tab', { name: 'Tag' }).click();
    const mine = athletePage.getByRole('region', { name: 'My events' });
    await expect(mine.getByRole('listitem')).toHaveCount(2);
    await expect(mine.getByRole('button', { name: /Shot at .*Result: Missed/ })).toBeVisible();
    await expect(mine.getByRole('button', { name: /Shot at .*Result: Made/ })).toBeVisible();
    await expect(mine).not.toContainText('Rebound');
  });

  await test.step('The season view counts the games picked, with FG% per player; a cell opens game by game', async () => {
    await page.goto(`/season?videos=${video.id}`);
    await expect(page.getByRole('heading', { name: 'Counts across 1 game' })).toBeVisible();
    const fieldGoals = page.getByTestId('tag-ratio-row').filter({ hasText: 'FG%' });
    await expect(fieldGoals.getByRole('cell').nth(1)).toHaveText(/^1\/2\s*50%$/);
    await page.getByRole('button', { name: '2 Shot, #23 Jordan Shooter: show events' }).click();
    const game = page.getByRole('region', { name: 'Scrimmage' });
    await expect(game.getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/tagging-season-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENSHOTS}/tagging-season-375.png`, fullPage: true });
  });
  await assistantContext.close();
  await athleteContext.close();
});
