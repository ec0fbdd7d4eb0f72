import { expect, test } from '@playwright/test';
import { formatMoment, type AthleteReading } from '@filmroom/contract';
import { expectToast, newAccount, registerThroughApi } from './support';
import { loggedMailLink } from './mail-support';
import { fixtureVideo } from './media';
import { uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The measuring server (playwright.config.ts): the clip is scanned and coached for real.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

type Detail = {
  analysisState: { status: 'scanning' | 'analysing' | 'ready' | 'failed' } | null;
  analysis: {
    textAnalysis: string;
    overallFeedback?: string | null;
    coachingPoints?: { title: string; description: string }[];
    athletes?: AthleteReading[];
  } | null;
};

test('a golf swing is coached as a golf swing: its reading, impact, the AI Coach at impact, the movement picker, and the swing suggested as an event at impact', async ({
  page,
  browser,
  baseURL,
}) => {
  // A 4 s clip: the base scan and the swing again at the source frame rate, on shared cores.
  test.setTimeout(300_000);
  // No relay on this server, and nothing is sent to this coach: the address stays unconfirmed.
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  // Made now, while nothing else runs: the last step shares the video with this athlete.
  const athlete = newAccount('athlete');
  const athleteContext = await browser.newContext({ baseURL });
  const athletePage = await athleteContext.newPage();
  await registerThroughApi(athletePage, athlete, { confirmed: false });
  // No relay here: the confirmation link is read from the server's log, so a share reaches them.
  const link = await loggedMailLink(athlete.email, `${baseURL}/confirm-email?token=`);
  const token = new URL(link).searchParams.get('token');
  expect((await athletePage.request.post('/api/confirm-email', { data: { token } })).status()).toBe(
    200,
  );
  const video = await uploadThroughApi(
    page,
    'Driver, down the line',
    fixtureVideo('golf_down-the-line-simulator-indoor.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  const detailOf = async () =>
    (await (await page.request.get(`/api/videos/${video.id}`)).json()) as Detail;
  await expect
    .poll(async () => (await detailOf()).analysisState?.status, {
      timeout: 240_000,
      intervals: [1000, 2000],
    })
    .toBe('ready');
  const { analysis } = await detailOf();
  const golfer = analysis!.athletes![0]!;
  expect(golfer.movement).toBe('golf_swing');
  const impact = golfer.events.find((event) => event.name === 'impact')!;
  expect(impact).toBeDefined();
  // Nothing in the write-up coaches it as a squat.
  const written = [
    analysis!.textAnalysis,
    analysis!.overallFeedback ?? '',
    ...(analysis!.coachingPoints ?? []).map((p) => `${p.title} ${p.description}`),
  ].join('\n');
  expect(written).not.toMatch(/sit deeper|squat|parallel/i);

  await page.goto(`/videos/${video.id}`);
  const reading = page.getByRole('region', { name: 'Movement', exact: true });
  await expect(reading.getByText(/^Detected: Golf swing · \d+% — Is this right\?$/)).toBeVisible();
  await expect(reading.getByText('Filmed down the line')).toBeVisible();
  await expect(
    reading.getByRole('table').getByRole('row').filter({ hasText: 'Backswing:downswing tempo' }),
  ).toContainText(':1');

  // Impact is a key moment that seeks the player to it.
  await reading
    .getByRole('button', {
      name: new RegExp(`^Impact ?${formatMoment(impact.t).replace('.', '\\.')}$`),
    })
    .click();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(impact.t, 1);

  // The AI Coach finds the impact for a question about it, and describes it.
  await page.getByRole('button', { name: 'AI Coach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat with AI Coach' });
  const input = dialog.getByRole('textbox', { name: 'Message' });
  await input.fill('How is my posture at impact?');
  await input.press('Enter');
  const log = dialog.getByRole('log', { name: 'Conversation with the AI Coach' });
  const answer = log.getByRole('article', { name: 'AI Coach' }).last();
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(answer).toContainText(/impact/i);
  await expect(answer).not.toContainText(/^yes\b/i);
  await expect(answer).not.toContainText(/squat/i);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The picker coaches the same measurements as another movement, and back to auto-detect.
  const picker = reading.getByLabel('Movement to coach');
  await picker.selectOption({ label: 'Squat' });
  await expectToast(page, 'Success', 'Analysis regenerated successfully');
  await expect(reading.getByText('Squat · Chosen by you')).toBeVisible();
  await picker.selectOption({ label: 'Not sure: detect it' });
  await expect(reading.getByText(/^Detected: Golf swing · \d+% — Is this right\?$/)).toBeVisible();

  await test.step('The swing is suggested at impact; accepted by keyboard it becomes an event, which the athlete sees without suggestions', async () => {
    await page.getByRole('tab', { name: 'Tag' }).click();
    await page.getByLabel('Ready-made code window').selectOption({ label: 'Generic' });
    await expect(page.getByRole('button', { name: /^Highlight/ })).toBeVisible();
    const row = page.getByTestId('tag-suggestion-row');
    await expect(row).toHaveAccessibleName('Suggested: 1 suggestion, not counted until accepted');
    const swing = row.getByRole('button', { name: /^Suggested Swing at .*\(impact\)$/ });
    // Marked as a question on its row, from the moment of impact the reading found.
    await expect(swing).toHaveText('Swing?');
    await swing.focus();
    await page.keyboard.press('Enter');
    // The picker has the focus: "h" picks Highlight, Tab reaches Accept.
    const picker = page.getByRole('combobox', { name: 'Accept as event type' });
    await expect(picker).toBeFocused();
    await page.keyboard.press('h');
    await expect(picker.locator('option:checked')).toHaveText('Highlight');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Enter');

    const timeline = page.getByTestId('tag-timeline');
    await expect(timeline.getByRole('button', { name: /^Play Highlight at / })).toHaveCount(1);
    await expect(page.getByTestId('tag-suggestion-row')).toHaveCount(0);
    const events = (await (
      await page.request.get(`/api/videos/${video.id}/tag-events`)
    ).json()) as { code: string; start: number }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.code).toBe('Highlight');
    expect(events[0]!.start).toBeCloseTo(impact.t, 2);

    // Suggestions are a tool for those who tag: a viewer gets the event, never a suggestion.
    const share = await page.request.post(`/api/videos/${video.id}/share`, {
      data: { email: athlete.email, accessLevel: 'view' },
    });
    expect(share.status()).toBe(201);
    expect(
      (await athletePage.request.get(`/api/videos/${video.id}/tag-suggestions`)).status(),
    ).toBe(403);
    await athletePage.goto(`/videos/${video.id}`);
    const seen = athletePage.getByTestId('tag-timeline');
    await expect(seen.getByRole('button', { name: /^Play Highlight at / })).toHaveCount(1);
    await expect(athletePage.getByTestId('tag-suggestion-row')).toHaveCount(0);
  });
  await athleteContext.close();
});
