import { expect, test } from '@playwright/test';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { playWithKeyboard, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

const SCREENSHOTS = 'e2e/.artifacts/screenshots';

test('a coach copies the basketball window, tags by keyboard at 2× with a shirt number and a label, sees it counted and makes a playlist from the cell', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const coach = newAccount('coach', 'Tia Tagger');
  const athlete = newAccount('athlete', 'Jordan Shooter');
  await registerThroughApi(page, coach);
  // The athlete, #23, accepts a place on the coach's roster.
  const athleteContext = await browser.newContext({ baseURL });
  await registerThroughApi(await athleteContext.newPage(), athlete);
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
  await athleteContext.close();

  const video = await uploadThroughApi(page, 'Scrimmage', fixtureVideo('basketball_practice.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);

  await test.step('Copy the ready-made basketball window', async () => {
    await page.getByRole('tab', { name: 'Tag' }).click();
    await expect(page.getByRole('heading', { name: 'No code window yet' })).toBeVisible();
    await page.getByLabel('Ready-made code window').selectOption({ label: 'Basketball' });
    await expect(page.getByRole('heading', { name: 'Code window' })).toBeVisible();
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
});
