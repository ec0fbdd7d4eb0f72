import type { AthleteReading, RegenerateBody } from '@filmroom/contract';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fixtureAnalysis, fixtureReading, showAnalysis } from './analysis-fixture';
import type { FixtureAnalysis } from './analysis-fixture';
import { expectToast, newAccount, registerThroughApi } from './support';
import { fixtureVideo } from './media';
import { fillUploadForm, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The suite's server runs only media preparation (playwright.config.ts), so no clip here is
// ever measured: this covers the Analysis tab before its analysis exists and the server's
// answer to a Regenerate then. The analysis itself is checked on a server with the scan on.
test('before the analysis exists: the Analysis tab waits and Regenerate explains why it cannot run', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Squats' })).toBeVisible();

  const analysisTab = page.getByRole('tabpanel', { name: 'Analysis' });
  await expect(page.getByRole('tab', { name: 'Analysis' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    analysisTab.getByRole('heading', { name: 'Analysis not available yet' }),
  ).toBeVisible();
  await expect(analysisTab.getByRole('heading', { name: 'Technical Analysis' })).toHaveCount(0);

  // The owner may regenerate; instructions are optional and the form says what to write.
  await analysisTab.getByRole('button', { name: 'Regenerate Analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate Analysis' });
  await expect(dialog).toBeVisible();
  const instructions = dialog.getByLabel('Instructions (optional)');
  await expect(instructions).toHaveValue('');
  await expect(instructions).toHaveAttribute('placeholder', /Focus on knee position/);
  await instructions.fill('Focus on knee position between 0:05 and 0:10');
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();

  // 409 while the clip has not been measured: the Error toast carries the server's message,
  // not raw JSON; the dialog stays open with what was typed.
  // While the modal dialog is open the rest of the page, the toast region included, is hidden
  // from assistive technology (Radix announces the toast through a live region of its own), so
  // the toast is found by its text rather than inside the region's role.
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText(/^409: The video is still being analysed\./)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(instructions).toHaveValue('Focus on knee position between 0:05 and 0:10');
  await expect(dialog.getByRole('button', { name: 'Regenerate', exact: true })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    analysisTab.getByRole('heading', { name: 'Analysis not available yet' }),
  ).toBeVisible();

  // No skeletons to draw yet: the Pose toggle says why and does nothing.
  const pose = page.getByRole('button', { name: 'Pose', exact: true });
  await expect(pose).toHaveAttribute('aria-disabled', 'true');
  await expect(pose).toHaveAttribute('title', 'Pose skeletons appear once the analysis is ready');
  // Still focusable (so its tooltip can be reached); pressing it changes nothing.
  await pose.focus();
  await page.keyboard.press('Enter');
  await expect(pose).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('img', { name: 'Pose skeletons' })).toHaveCount(0);

  // The Players tab has nobody yet: its empty state and no Detections timeline bar.
  await page.getByRole('tab', { name: 'Players' }).click();
  const playersTab = page.getByRole('tabpanel', { name: 'Players' });
  await expect(
    playersTab.getByRole('heading', { name: 'No players detected at current timestamp' }),
  ).toBeVisible();
  await expect(playersTab.getByText('No players have been found in this video yet.')).toBeVisible();
  await expect(playersTab.getByRole('toolbar', { name: 'Detections timeline' })).toHaveCount(0);
});

/** The reading once the coach chose squats: the engine coaches what it is told. */
const CHOSEN_SQUAT: AthleteReading = fixtureReading({
  movement: 'squat',
  movementLabel: 'Squat',
  movementSource: 'chosen',
  confidence: 1,
  view: 'front',
  events: [{ name: 'bottom', label: 'Bottom of rep 1', t: 1.5 }],
  metrics: [
    {
      id: 'a1.depth',
      athlete: 1,
      name: 'Deepest knee angle',
      value: 94,
      unit: '°',
      text: '94°',
      t: 1.5,
      event: 'bottom',
      target: '90° or less',
      source: null,
      status: 'fault',
    },
  ],
  withheld: [],
});

/**
 * Holds this page's Regenerate calls until the test answers each one, so the pending state can
 * be seen; records what each sent. The suite's server has no scan to regenerate from (see
 * above), so the answers stand in for it: the server's side is apps/server's tests.
 */
async function holdRegenerations(page: Page, videoId: string) {
  type Call = { body: RegenerateBody; answer: (status: number, json: object) => Promise<void> };
  const calls: Call[] = [];
  await page.route(`**/api/videos/${videoId}/regenerate`, (route) => {
    return new Promise<void>((done) => {
      calls.push({
        body: route.request().postDataJSON() as RegenerateBody,
        answer: async (status, json) => {
          await route.fulfill({ status, json });
          done();
        },
      });
    });
  });
  return {
    /** Calls made and not yet answered. */
    waiting: () => calls.length,
    async next(): Promise<Call> {
      await expect.poll(() => calls.length).toBeGreaterThan(0);
      return calls.shift()!;
    },
  };
}

test("a movement chosen at upload; each athlete's reading; the movement and slow-motion pickers regenerate it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('coach'));

  // Upload with a movement: "Not sure: detect it" for a first upload outside a team, unless the
  // uploader picks one. The page uploads with
  // tus: the text fields travel in the creation request's Upload-Metadata header (RFC-style
  // `key base64value` pairs), and the last PATCH names the video it became.
  await page.goto('/videos/new');
  await fillUploadForm(page, 'Range session', fixtureVideo('squats_single_person.mp4'));
  const movementField = page.getByLabel('What does the clip show?');
  await expect(movementField).toHaveValue('auto');
  await expect(movementField.locator('option:checked')).toHaveText('Not sure: detect it');
  await movementField.selectOption({ label: 'Golf swing' });
  const created = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/api/resumable-uploads',
  );
  const finished = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      response.headers()['filmroom-video-id'] !== undefined,
  );
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const metadata = Object.fromEntries(
    ((await created).headers()['upload-metadata'] ?? '').split(',').map((pair) => {
      const [key, value = ''] = pair.trim().split(' ');
      return [key, Buffer.from(value, 'base64').toString()];
    }),
  );
  expect(metadata).toMatchObject({ title: 'Range session', movement: 'golf_swing' });
  expect(metadata.description ?? '').toBe('');
  const video = { id: (await finished).headers()['filmroom-video-id']! };
  await expectToast(page, 'Success', 'Video uploaded successfully');
  await waitUntilPrepared(page, video.id);

  // The stored analysis, as the engine writes it (one athlete, a golf swing, filmed at 4x).
  const analysis: FixtureAnalysis = fixtureAnalysis();
  await showAnalysis(page, video.id, analysis);
  const regenerations = await holdRegenerations(page, video.id);
  await page.goto(`/videos/${video.id}`);

  const reading = page.getByRole('region', { name: 'Movement', exact: true });
  await expect(reading.getByText('Detected: Golf swing · 86%')).toBeVisible();
  await expect(reading.getByText('Filmed side-on')).toBeVisible();
  const table = reading.getByRole('table', { name: 'Measured: Athlete 1 (white shirt)' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(row('Backswing:downswing tempo')).toContainText('3.1:1');
  await expect(row('Backswing:downswing tempo')).toContainText('near 3:1');
  await expect(row('Backswing:downswing tempo')).toContainText('On target');
  await expect(row('Head sway to impact')).toContainText('Needs work');
  await expect(row('Swing time')).not.toContainText(/On target|Needs work/);
  await expect(reading.getByText('Not measured from this angle:')).toBeVisible();
  await expect(reading.getByText('Hip turn: film down the line to see it')).toBeVisible();
  // Only one athlete: the reading does not need their name.
  await expect(reading.getByRole('heading', { name: 'Athlete 1 (white shirt)' })).toHaveCount(0);
  // The spec's analysis is still all there below it.
  await expect(page.getByRole('heading', { name: 'Technical Analysis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coaching Points' })).toBeVisible();

  // A key moment seeks the player.
  await reading.getByRole('button', { name: 'Impact 0:03.2' }).click();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(3.2, 1);

  // The movement picker regenerates with the chosen movement; the reading follows. With the
  // keyboard, arrows browse the closed list and Enter applies the choice.
  const picker = reading.getByLabel('Movement to coach');
  const slowMotion = reading.getByLabel('Filmed in slow motion');
  await expect(picker).toHaveValue('auto');
  // "Is this right?" beside the detected movement takes the keyboard to the picker.
  await reading.getByRole('button', { name: 'Is this right?' }).click();
  await expect(picker).toBeFocused();
  await expect(slowMotion).toHaveValue('file');
  await expect(slowMotion).toHaveAccessibleDescription("Slow motion ×4, from the file's metadata");
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveValue('lunge');
  await page.keyboard.press('ArrowUp');
  await expect(picker).toHaveValue('squat');
  await expect(picker).toBeEnabled();
  expect(regenerations.waiting()).toBe(0);
  await page.keyboard.press('Enter');
  const movementCall = await regenerations.next();
  expect(movementCall.body).toEqual({ movement: 'squat' });
  await expect(reading.getByRole('status')).toHaveText('Regenerating...');
  await expect(picker).toBeDisabled();
  await expect(slowMotion).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Regenerate Analysis' })).toBeDisabled();
  Object.assign(analysis, { movement: 'squat', athletes: [CHOSEN_SQUAT] });
  await movementCall.answer(200, analysis);
  expect(regenerations.waiting()).toBe(0);
  await expectToast(page, 'Success', 'Analysis regenerated successfully');
  await expect(reading.getByText('Squat · Chosen by you')).toBeVisible();
  await expect(reading.getByText('Filmed front-on')).toBeVisible();
  await expect(reading.getByText('Detected: Golf swing · 86%')).toHaveCount(0);
  await expect(picker).toHaveValue('squat');
  await expect(picker).toBeEnabled();
  await expect(picker).toBeFocused();
  await expect(reading.getByRole('status')).toHaveText('');

  // Slow motion: the coach's factor, and what the reading says of it.
  await slowMotion.selectOption({ label: '8x' });
  const slowCall = await regenerations.next();
  expect(slowCall.body).toEqual({ slowMotionFactor: 8 });
  analysis.timing = { slowMotionFactor: 8, source: 'coach' };
  await slowCall.answer(200, analysis);
  await expect(slowMotion).toHaveAccessibleDescription('Slow motion ×8, set by the coach');
  await expect(slowMotion).toHaveValue('8');

  // A failure: the Error toast with the server's message, and the picker shows the stored choice.
  await picker.selectOption({ label: 'Running / sprinting' });
  const failing = await regenerations.next();
  expect(failing.body).toEqual({ movement: 'running' });
  await failing.answer(409, {
    message: 'The video is still being analysed. Try again when the analysis appears.',
  });
  await expectToast(
    page,
    'Error',
    '409: The video is still being analysed. Try again when the analysis appears.',
  );
  await expect(picker).toHaveValue('squat');
  await expect(reading.getByText('Squat · Chosen by you')).toBeVisible();

  // Someone the video is shared with at view access reads it but has no pickers.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  const viewer = newAccount('athlete');
  await registerThroughApi(viewerPage, viewer);
  const share = await page.request.post(`/api/videos/${video.id}/share`, {
    data: { email: viewer.email, accessLevel: 'view' },
  });
  expect(share.status()).toBe(201);
  await showAnalysis(viewerPage, video.id, analysis);
  await viewerPage.goto(`/videos/${video.id}`);
  const viewed = viewerPage.getByRole('region', { name: 'Movement', exact: true });
  await expect(viewed.getByText('Squat · Chosen by the coach')).toBeVisible();
  await expect(viewed.getByText('Slow motion ×8, set by the coach')).toBeVisible();
  await expect(viewed.getByRole('combobox')).toHaveCount(0);
  await viewerContext.close();
});
