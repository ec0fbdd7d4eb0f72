import { expect, test } from '@playwright/test';
import { formatMoment, type AthleteReading } from '@filmroom/contract';
import { expectToast, newAccount, registerThroughApi } from './support';
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

test('a golf swing is coached as a golf swing: its reading, impact, the AI Coach at impact, and the movement picker', async ({
  page,
}) => {
  // A 4 s clip: the base scan and the swing again at the source frame rate, on shared cores.
  test.setTimeout(300_000);
  // No relay on this server, and nothing is sent to this coach: the address stays unconfirmed.
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
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
});
