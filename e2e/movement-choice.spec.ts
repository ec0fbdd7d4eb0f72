import type { Analysis, RegenerateBody } from '@filmroom/contract';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fixtureAnalysis, fixtureReading, showAnalysis } from './analysis-fixture';
import type { FixtureAnalysis } from './analysis-fixture';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { fillUploadForm, uploadThroughApi, waitUntilPrepared } from './video-support';

// The smallest labelled clip: these tests are about the picker, not the reading.
const CLIP = 'squats_single_person.mp4';

async function createTeam(page: Page, name: string, sport: string): Promise<string> {
  const response = await page.request.post('/api/teams', { data: { name, sport } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The tus creation request's Upload-Metadata (`key base64value` pairs), decoded. */
function uploadMetadata(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(',').map((pair) => {
      const [key, value = ''] = pair.trim().split(' ');
      return [key, Buffer.from(value, 'base64').toString()];
    }),
  );
}

test("the coach's choice comes first: the team's sport, then the last choice, and it travels with the upload", async ({
  page,
}) => {
  // Registration, an upload and its preparation, on two cores shared with the servers.
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('coach'));
  const golf = await createTeam(page, 'Range squad', 'Golf');
  const tennis = await createTeam(page, 'Juniors', 'Tennis');

  // From the team's videos, Add New Video (in the header, and in the empty list's message)
  // starts the picker at the team's sport.
  await page.goto(`/videos?team=${golf}`);
  await expect(page.getByText('No videos uploaded yet')).toBeVisible();
  const addLinks = page.getByRole('link', { name: 'Add New Video' });
  await expect(addLinks).toHaveCount(2);
  for (const link of await addLinks.all()) {
    await expect(link).toHaveAttribute('href', `/videos/new?team=${golf}`);
  }
  await addLinks.first().click();
  await expect(page).toHaveURL(new RegExp(`/videos/new\\?team=${golf}$`));
  const picker = page.getByLabel('What does the clip show?');
  await expect(picker).toHaveValue('golf_swing');
  await expect(picker).toHaveAccessibleDescription(
    "Golf swing, from Range squad's sport (Golf). Change it if this clip shows something else.",
  );
  // Grouped by sport, "Not sure" first and General movement last.
  await expect(picker.locator('option').first()).toHaveText('Not sure: detect it');
  await expect(picker.locator('option').last()).toHaveText('General movement');
  await expect(picker.locator('optgroup[label="Tennis"] option')).toHaveText([
    'Tennis serve',
    'Tennis forehand / backhand',
  ]);

  await fillUploadForm(page, 'Driver', fixtureVideo(CLIP));
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
  expect(uploadMetadata((await created).headers()['upload-metadata'])).toMatchObject({
    title: 'Driver',
    movement: 'golf_swing',
  });
  const videoId = (await finished).headers()['filmroom-video-id']!;
  await expect(page).toHaveURL(/\/$/);

  // A tennis team's sport names two movements: the uploader's last choice stands.
  await page.goto(`/videos/new?team=${tennis}`);
  await expect(picker).toHaveValue('golf_swing');
  await expect(picker).toHaveAccessibleDescription(
    'Your last choice. Change it if this clip shows something else.',
  );
  await picker.selectOption({ label: 'Not sure: detect it' });
  await expect(picker).toHaveAccessibleDescription(/^Not sure\? FilmRoom recognises/);

  // The Analysis tab shows the choice as the coach's (the suite's server never scans: the
  // reading stands in for the one the engine writes for a chosen movement).
  await waitUntilPrepared(page, videoId);
  const analysis = fixtureAnalysis();
  analysis.movement = 'golf_swing';
  analysis.athletes = [fixtureReading({ movementSource: 'chosen', confidence: 1 })];
  await showAnalysis(page, videoId, analysis);
  await page.goto(`/videos/${videoId}`);
  const reading = page.getByRole('region', { name: 'Movement', exact: true });
  await expect(reading.getByText('Golf swing · Chosen by you')).toBeVisible();
  await expect(reading.getByLabel('Movement to coach')).toHaveValue('golf_swing');
  await expect(reading.getByRole('button', { name: 'Is this right?' })).toHaveCount(0);
});

test('an unsure reading asks "Which movement is this?": a candidate regenerates with it; a viewer only reads the question', async ({
  page,
  browser,
}) => {
  // Registration, an upload and its preparation, on two cores shared with the servers.
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, 'Gym session', fixtureVideo(CLIP));
  await waitUntilPrepared(page, video.id);

  const unsure: FixtureAnalysis = {
    ...fixtureAnalysis(),
    coachingPoints: [],
    athletes: [
      fixtureReading({
        movement: 'general',
        movementLabel: 'General movement',
        confidence: 0.48,
        candidates: [
          { movement: 'squat', confidence: 0.484 },
          { movement: 'hip_hinge', confidence: 0.305 },
        ],
        events: [],
        metrics: [],
        withheld: [],
      }),
    ],
    timing: { slowMotionFactor: 2.46, source: 'detected' },
  };
  await showAnalysis(page, video.id, unsure);
  const sent: RegenerateBody[] = [];
  let answer: (analysis: Analysis | FixtureAnalysis) => void = () => undefined;
  await page.route(`**/api/videos/${video.id}/regenerate`, async (route) => {
    sent.push(route.request().postDataJSON() as RegenerateBody);
    const analysis = await new Promise<Analysis | FixtureAnalysis>((resolve) => {
      answer = resolve;
    });
    await route.fulfill({ json: analysis });
  });
  await page.goto(`/videos/${video.id}`);

  const reading = page.getByRole('region', { name: 'Movement', exact: true });
  // Not a rubric with a percentage: recognition says it is not sure, and asks.
  await expect(reading.getByText('General movement · not sure which movement')).toBeVisible();
  const question = reading.getByRole('group', { name: 'Which movement is this?' });
  await expect(question.getByRole('button')).toHaveText([
    'Squat48%',
    'Hip hinge / deadlift31%',
    'Another movement…',
  ]);
  // Slowed playback read from the body's own timing; the coach may correct it.
  const slowMotion = reading.getByLabel('Filmed in slow motion');
  await expect(slowMotion).toHaveAccessibleDescription(
    'Played back about 2.5× slower than real time (read from the movement)',
  );
  await expect(slowMotion.locator('option:checked')).toHaveText('As read from the movement');

  // "Another movement…" takes the keyboard to the full picker.
  await question.getByRole('button', { name: 'Another movement…' }).click();
  await expect(reading.getByLabel('Movement to coach')).toBeFocused();

  await question.getByRole('button', { name: /^Squat/ }).click();
  await expect(reading.getByRole('status')).toHaveText('Regenerating...');
  await expect(question.getByRole('button', { name: /^Squat/ })).toBeDisabled();
  expect(sent).toEqual([{ movement: 'squat' }]);
  answer({
    ...unsure,
    movement: 'squat',
    athletes: [
      fixtureReading({
        movement: 'squat',
        movementLabel: 'Squat',
        movementSource: 'chosen',
        confidence: 1,
        events: [],
        metrics: [],
        withheld: [],
      }),
    ],
  });
  await expect(reading.getByText('Squat · Chosen by you')).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(reading.getByLabel('Movement to coach')).toHaveValue('squat');

  // At view access: the question and the two most likely, no controls.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  const viewer = newAccount('athlete');
  await registerThroughApi(viewerPage, viewer);
  const share = await page.request.post(`/api/videos/${video.id}/share`, {
    data: { email: viewer.email, accessLevel: 'view' },
  });
  expect(share.status()).toBe(201);
  await showAnalysis(viewerPage, video.id, unsure);
  await viewerPage.goto(`/videos/${video.id}`);
  const viewed = viewerPage.getByRole('region', { name: 'Movement', exact: true });
  const asked = viewed.getByRole('group', { name: 'Which movement is this?' });
  await expect(asked).toContainText('Most likely Squat (48%) or Hip hinge / deadlift (31%).');
  await expect(asked.getByRole('button')).toHaveCount(0);
  await expect(viewed.getByRole('combobox')).toHaveCount(0);
  await expect(
    viewed.getByText('Played back about 2.5× slower than real time (read from the movement)'),
  ).toBeVisible();
  await viewerContext.close();
});
