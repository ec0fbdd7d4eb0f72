import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from './support';
import { fixtureVideo } from './media';
import { pauseAt, player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The measuring server scans for real, and counts the 15 s deadlift clip as long
// (AUTO_ANALYSIS_MAX_SECONDS in playwright.config.ts): it is analysed only in chosen ranges.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

test('a long video waits for the coach to choose ranges; each is analysed with its own progress, and one is cancelled', async ({
  page,
}) => {
  // A few seconds of real scanning on two cores shared with the suite.
  test.setTimeout(240_000);
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  const video = await uploadThroughApi(
    page,
    'Deadlift session',
    fixtureVideo('deadlift_front-barbell-garage.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  // A range note, offered as a range to analyse beside the marks.
  const note = await page.request.post(`/api/videos/${video.id}/annotations`, {
    data: { content: 'Second pull', timestamp: 9, endTime: 13, xPosition: 50, yPosition: 50 },
  });
  expect(note.status()).toBe(201);

  await page.goto(`/videos/${video.id}`);
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);
  const tab = page.getByRole('tabpanel', { name: 'Analysis' });
  await expect(tab.getByText('Analyse the part that matters')).toBeVisible();
  await expect(tab).toContainText(
    'This video is 0:15 long. Videos longer than 0:14 are not analysed by themselves',
  );

  // Nothing marked yet: the tab says how to mark.
  await tab.getByRole('button', { name: 'Add marked range' }).click();
  await expect(tab.getByRole('status').filter({ hasText: 'press I' })).toBeVisible();

  await pauseAt(page, 2);
  await player(page).focus();
  await page.keyboard.press('i');
  await pauseAt(page, 6);
  await page.keyboard.press('o');
  await tab.getByRole('button', { name: 'Add marked range' }).click();
  await tab.getByRole('button', { name: 'Add range 0:09–0:13: Second pull' }).click();
  const chosen = tab.getByRole('list').filter({ has: page.getByLabel('Remove range 0:02–0:06') });
  await expect(chosen.getByRole('listitem')).toHaveText(['0:02–0:06', '0:09–0:13']);
  await tab.getByRole('button', { name: 'Analyse 2 ranges' }).click();

  const ranges = tab.getByTestId('analysis-range');
  await expect(ranges).toHaveCount(2);
  const [first, second] = [ranges.nth(0), ranges.nth(1)];
  await expect(first.getByRole('button', { name: 'Play from 0:02–0:06' })).toBeVisible();
  await expect(first.getByRole('progressbar', { name: 'Analysis of 0:02–0:06' })).toBeVisible();
  // Each range shows where it stands, with its own bar, live from the event stream.
  await expect(second.getByRole('progressbar', { name: 'Analysis of 0:09–0:13' })).toBeVisible();
  await second.getByRole('button', { name: 'Cancel analysis of 0:09–0:13' }).click();
  await expect(second).toContainText('Cancelled');
  await expect(second.getByRole('button', { name: 'Analyse 0:09–0:13 again' })).toBeVisible();
  await expect(second.getByRole('progressbar')).toHaveCount(0);

  await expect(first.getByText(/^Analysed · \d+ coaching points?$/)).toBeVisible({
    timeout: 180_000,
  });
  await expect(first.getByRole('button', { name: 'Show results' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const results = page.getByRole('region', { name: 'Results of 0:02–0:06' });
  await expect(results.getByText('Technical Analysis')).toBeVisible();
  await expect(results.getByRole('region', { name: 'Technical analysis text' })).not.toBeEmpty();

  // The Players tab shows the players the range found, under the range's name, on its own bar.
  await page.getByRole('tab', { name: 'Players' }).click();
  const players = page.getByRole('tabpanel', { name: 'Players' });
  await expect(players.getByRole('button', { name: '0:02–0:06' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const rangePlayers = players.getByRole('region', { name: 'Players in 0:02–0:06' });
  await rangePlayers
    .getByRole('toolbar', { name: 'Detections timeline' })
    .getByRole('button')
    .first()
    .click();
  await expect(rangePlayers.getByRole('listitem').first()).toContainText(/\d+%$/);

  // The range's results are stored with it, on the video's timeline.
  const stored = await page.request.get(`/api/videos/${video.id}/analysis-ranges`);
  const body = (await stored.json()) as {
    ranges: {
      id: string;
      status: string;
      analysis: { playerDetections: { timestamp: number; rangeId: string }[] } | null;
    }[];
  };
  const [done, cancelled] = body.ranges;
  expect(cancelled!.status).toBe('cancelled');
  expect(done!.analysis!.playerDetections.length).toBeGreaterThan(0);
  for (const detection of done!.analysis!.playerDetections) {
    expect(detection.rangeId).toBe(done!.id);
    expect(detection.timestamp).toBeGreaterThanOrEqual(2);
    expect(detection.timestamp).toBeLessThanOrEqual(6);
  }
});
