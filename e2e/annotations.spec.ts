import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectToast, newAccount, registerThroughApi } from './support';
import { fixtureVideo } from './media';
import {
  pauseAt,
  pictureBox,
  player,
  uploadThroughApi,
  videoState,
  waitUntilPrepared,
} from './video-support';

type Annotation = {
  id: string;
  content: string;
  timestamp: number;
  xPosition: number;
  yPosition: number;
  audioUrl: string | null;
  audioDuration: number | null;
  sentiment: { label: string; confidence: number } | null;
  replies: { id: string; content: string }[];
};

// Spec §2: green positive, red negative (the app's marker colours, as the browser reports them).
const GREEN = 'rgb(34, 197, 94)';
const RED = 'rgb(239, 68, 68)';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The shared speech fixture (2.8 s: "go forward ten meters"), beside the repository. */
const speechFixture = path.resolve(repoRoot, '../shared/fixtures/audio/go_forward_ten_meters.wav');

async function annotationsOf(page: Page, videoId: string): Promise<Annotation[]> {
  const response = await page.request.get(`/api/videos/${videoId}/annotations`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Annotation[];
}

async function clickPicture(page: Page, fx: number, fy: number) {
  // As a person would: a tall (portrait) player may be partly scrolled away on a phone.
  await player(page).scrollIntoViewIfNeeded();
  const picture = await pictureBox(page);
  await page.mouse.click(picture.x + fx * picture.width, picture.y + fy * picture.height);
}

/** Opens a squats clip (portrait, so the picture is narrower than the player) as its owner. */
async function openCoachVideo(page: Page, title: string) {
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(page, title, fixtureVideo('squats_single_person.mp4'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(1);
  return video;
}

/** Adds a text note through the page: Add Annotation, a click on the picture, the form. */
async function addTextNote(
  page: Page,
  at: { seconds: number; fx: number; fy: number },
  text: string,
) {
  await pauseAt(page, at.seconds);
  await page.getByRole('button', { name: 'Add Annotation' }).click();
  await clickPicture(page, at.fx, at.fy);
  const form = page.getByRole('form', { name: 'New annotation' });
  await form.getByRole('textbox', { name: 'Note' }).fill(text);
  await form.getByRole('button', { name: 'Save Annotation' }).click();
  await expectToast(page, 'Success', 'Annotation created successfully');
  await expect(form).toHaveCount(0);
}

test('on a phone, saving a note brings the player back into view as playback resumes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openCoachVideo(page, 'Phone squats');
  // As on a page with a long list of notes and panels below: closing the form alone would not
  // shorten it enough to pull the picture back.
  await page.evaluate(() => (document.body.style.paddingBottom = '3000px'));
  // The form opens under the player: writing in it scrolls the picture away.
  await addTextNote(page, { seconds: 1, fx: 0.5, fy: 0.5 }, 'Knees out');
  await expect(page.locator('video')).toBeInViewport({ ratio: 0.9 });
});

test('a coach pins a text note on the picture at a moment; it is coloured, opened, replied to, reacted to and deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const video = await openCoachVideo(page, 'Squats');
  const notesTab = page.getByRole('tab', { name: /^Notes/ });
  await notesTab.click();
  const notes = page.getByRole('tabpanel', { name: /^Notes/ });
  await expect(notes.getByRole('heading', { name: 'No annotations yet' })).toBeVisible();

  // Add Annotation pauses the playing video and waits for a spot on the picture.
  await player(page).focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  await page.getByRole('button', { name: 'Add Annotation' }).click();
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await expect(page.getByRole('button', { name: 'Add Annotation' })).toHaveCount(0);
  await expect(
    page.getByText('Paused. Click the spot on the picture this note is about.'),
  ).toBeVisible();
  // Cancel goes back and resumes playback.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);

  await pauseAt(page, 3);
  await page.getByRole('button', { name: 'Add Annotation' }).click();
  const form = page.getByRole('form', { name: 'New annotation' });
  // A click on the black bar beside the portrait picture is not on the picture: nothing opens.
  const picture = await pictureBox(page);
  await page.mouse.click(
    (picture.frame.x + picture.x) / 2,
    picture.frame.y + picture.frame.height / 2,
  );
  await expect(
    page.getByText('Paused. Click the spot on the picture this note is about.'),
  ).toBeVisible();
  await expect(form).toHaveCount(0);

  // A click a quarter across and three quarters down the picture picks that spot and the time.
  await clickPicture(page, 0.25, 0.75);
  await expect(form).toBeVisible();
  await expect(form.getByTestId('annotation-time')).toHaveText('00:00:03');
  await expect(form).toContainText('pinned 25% across and 75% down');
  // Spec §5: nothing to save without text or a recording.
  const save = form.getByRole('button', { name: 'Save Annotation' });
  await expect(save).toBeDisabled();
  await form.getByRole('textbox', { name: 'Note' }).fill('   ');
  await expect(save).toBeDisabled();

  // Spec §8: the microphone refused (this browser has none it may use) is said plainly.
  await form.getByRole('button', { name: 'Record voice note' }).click();
  await expectToast(page, 'Error', 'Could not access microphone. Please check your permissions.');
  await expect(form.getByRole('button', { name: 'Record voice note' })).toBeEnabled();

  await form.getByRole('textbox', { name: 'Note' }).fill('Great footwork on that drive!');
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Success', 'Annotation created successfully');
  // Submitting closes the form and resumes playback (spec §4).
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Annotation' })).toBeVisible();
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);

  const [positive] = await annotationsOf(page, video.id);
  expect(positive!.content).toBe('Great footwork on that drive!');
  expect(positive!.timestamp).toBeCloseTo(3, 1);
  // Percent of the picture itself, not of the letterboxed player.
  expect(Math.abs(positive!.xPosition - 25)).toBeLessThan(1.5);
  expect(Math.abs(positive!.yPosition - 75)).toBeLessThan(1.5);
  expect(positive!.sentiment?.label).toBe('positive');

  await addTextNote(
    page,
    { seconds: 8, fx: 0.6, fy: 0.3 },
    'You dropped your shoulder again, too slow',
  );
  const negative = (await annotationsOf(page, video.id)).find((note) => note.timestamp > 5)!;
  expect(negative.sentiment?.label).toBe('negative');

  // Both on the timeline, coloured by sentiment.
  const timeline = page.getByRole('list', { name: 'Annotations on the timeline' });
  const positiveOnTimeline = timeline.getByRole('button', { name: /Great footwork/ });
  const negativeOnTimeline = timeline.getByRole('button', { name: /dropped your shoulder/ });
  await expect(positiveOnTimeline).toHaveCSS('background-color', GREEN);
  await expect(negativeOnTimeline).toHaveCSS('background-color', RED);
  // And in the Notes tab, by time.
  await expect(notesTab).toContainText('2');
  await expect(
    notes.getByRole('list', { name: 'Annotations by time' }).getByRole('listitem'),
  ).toHaveText([
    /Great footwork on that drive!.*00:00:03/,
    /You dropped your shoulder again, too slow.*00:00:08/,
  ]);

  // Over the picture, a note shows near its moment, at its spot, in its colour.
  const pins = page.getByRole('list', { name: 'Annotations at this moment' }).getByRole('button');
  await pauseAt(page, 8);
  await expect(pins).toHaveCount(1);
  await expect(pins.first()).toHaveAccessibleName(
    'Annotation at 00:00:08 by Casey Coach: You dropped your shoulder again, too slow',
  );
  await expect(pins.first()).toHaveCSS('background-color', RED);
  await pauseAt(page, 3.2);
  await expect(pins).toHaveCount(1);
  const pin = pins.first();
  await expect(pin).toHaveCSS('background-color', GREEN);
  const pinBox = (await pin.boundingBox())!;
  // Measured again: saving scrolled the page to bring the (tall, portrait) player back.
  const shown = await pictureBox(page);
  expect(pinBox.x + pinBox.width / 2).toBeCloseTo(shown.x + 0.25 * shown.width, -1);
  expect(pinBox.y + pinBox.height / 2).toBeCloseTo(shown.y + 0.75 * shown.height, -1);

  // A timeline marker seeks to its note and opens it.
  await negativeOnTimeline.click();
  let dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:08' });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(8, 1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // So does the pin: the time as HH:MM:SS, the words, the sentiment as a rounded percentage.
  await pauseAt(page, 3.2);
  await pins.first().click();
  dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:03' });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(3, 1);
  await expect(dialog.getByTestId('annotation-content')).toHaveText(
    'Great footwork on that drive!',
  );
  await expect(dialog.getByTestId('sentiment')).toHaveText(
    `Sentiment: Positive ${Math.round(positive!.sentiment!.confidence * 100)}%`,
  );
  await expect(dialog.getByText('Casey Coach')).toBeVisible();
  await expect(dialog.getByText('No replies yet. Start the discussion.')).toBeVisible();

  // Replies: blank is not sent; Shift+Enter is a new line; Enter sends.
  const replyBox = dialog.getByLabel('Write a reply');
  const replyButton = dialog.getByRole('button', { name: 'Reply', exact: true });
  await expect(replyButton).toBeDisabled();
  await replyBox.fill('   ');
  await expect(replyButton).toBeDisabled();
  await replyBox.fill('Thanks coach,');
  await replyBox.press('Shift+Enter');
  await replyBox.pressSequentially('I will push off harder.');
  await expect(replyBox).toHaveValue('Thanks coach,\nI will push off harder.');
  await replyBox.press('Enter');
  // Toasts under a modal dialog are hidden from the accessibility tree: found by text.
  await expect(page.getByText('Reply added successfully', { exact: true })).toBeVisible();
  await expect(replyBox).toHaveValue('');
  const replies = dialog.getByRole('list', { name: 'Replies' }).getByRole('listitem');
  await expect(replies).toHaveCount(1);
  await expect(replies.first()).toContainText('Thanks coach,\nI will push off harder.');
  await expect(dialog.getByRole('heading', { name: 'Discussion (1)' })).toBeVisible();

  // Reactions: the five, pressed once given, counted; pressing again takes it back.
  const reactions = dialog.getByRole('group', { name: 'Reactions' }).getByRole('button');
  await expect(reactions).toHaveCount(5);
  // Each is an icon the screen reader hears by name, not an emoji read out as a picture.
  for (const reaction of await reactions.all()) {
    await expect(reaction.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  }
  await dialog
    .getByRole('group', { name: 'Reactions' })
    .screenshot({ path: test.info().outputPath('reactions-1440.png') });
  const thumbsUp = dialog.getByRole('button', { name: /^Thumbs up/ });
  await expect(thumbsUp).toHaveAccessibleName('Thumbs up: 0');
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'false');
  await thumbsUp.click();
  await expect(page.getByText('Reaction updated successfully', { exact: true })).toBeVisible();
  await expect(thumbsUp).toHaveAccessibleName('Thumbs up: 1');
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbsUp.getByTestId('reaction-count')).toHaveText('1');
  await thumbsUp.click();
  await expect(thumbsUp).toHaveAccessibleName('Thumbs up: 0');
  await expect(thumbsUp).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('button', { name: /^On target/ }).click();
  await expect(dialog.getByRole('button', { name: /^On target/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A direct delete, no confirmation (spec §4): the note, its reply and its pin go.
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Success', 'Annotation deleted successfully');
  await expect(dialog).toBeHidden();
  await expect(timeline.getByRole('button')).toHaveCount(1);
  await expect(
    notes.getByRole('list', { name: 'Annotations by time' }).getByRole('listitem'),
  ).toHaveText([/You dropped your shoulder again/]);
  const left = await annotationsOf(page, video.id);
  expect(left.map((note) => note.content)).toEqual(['You dropped your shoulder again, too slow']);
});

test('someone the video is shared with at view access reads the notes, replies and reacts, but adds and deletes none', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const video = await openCoachVideo(page, 'Squats to share');
  const created = await page.request.post(`/api/videos/${video.id}/annotations`, {
    data: { content: 'Keep your elbow at 90 degrees', timestamp: 4, xPosition: 50, yPosition: 40 },
  });
  expect(created.status()).toBe(201);

  const athleteContext = await browser.newContext();
  const athletePage = await athleteContext.newPage();
  const athlete = newAccount('athlete', 'Alex Athlete');
  await registerThroughApi(athletePage, athlete);
  const share = await page.request.post(`/api/videos/${video.id}/share`, {
    data: { email: athlete.email, accessLevel: 'view' },
  });
  expect(share.status()).toBe(201);

  // The coach keeps the Notes tab open: the athlete's reply arrives there by itself.
  await page.reload();
  await page.getByRole('tab', { name: /^Notes/ }).click();
  const coachRow = page
    .getByRole('list', { name: 'Annotations by time' })
    .getByRole('button', { name: /Keep your elbow at 90 degrees/ });
  await expect(coachRow).toBeVisible();
  await expect(coachRow).not.toContainText('1 reply');

  await athletePage.goto(`/videos/${video.id}`);
  await expect(
    athletePage.getByRole('heading', { level: 1, name: 'Squats to share' }),
  ).toBeVisible();
  await expect(player(athletePage)).toBeVisible();
  // Spec §6: view access adds nothing to the video.
  await expect(athletePage.getByRole('button', { name: 'Add Annotation' })).toHaveCount(0);

  await athletePage.getByRole('tab', { name: /^Notes/ }).click();
  await athletePage
    .getByRole('list', { name: 'Annotations by time' })
    .getByRole('button', { name: /Keep your elbow at 90 degrees/ })
    .click();
  const dialog = athletePage.getByRole('dialog', { name: 'Annotation at 00:00:04' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('annotation-content')).toHaveText(
    'Keep your elbow at 90 degrees',
  );
  await expect(dialog.getByTestId('sentiment')).toContainText('Neutral');
  // The coach's note is not theirs to delete.
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  await dialog.getByLabel('Write a reply').fill('Got it, elbow at 90.');
  await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(athletePage.getByText('Reply added successfully', { exact: true })).toBeVisible();
  const reply = dialog.getByRole('list', { name: 'Replies' }).getByRole('listitem');
  await expect(reply).toContainText('Alex Athlete');
  await expect(reply).toContainText('Got it, elbow at 90.');
  // Their own reply is theirs to delete.
  await expect(reply.getByRole('button', { name: 'Delete reply by Alex Athlete' })).toBeVisible();

  const heart = dialog.getByRole('button', { name: /^Heart/ });
  await heart.click();
  await expect(heart).toHaveAccessibleName('Heart: 1');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The coach's page heard of the reply over the event stream, without a reload.
  await expect(coachRow).toContainText('1 reply');
  // The coach sees the athlete's heart counted, but not as their own.
  await coachRow.click();
  const coachDialog = page.getByRole('dialog', { name: 'Annotation at 00:00:04' });
  await expect(coachDialog.getByRole('button', { name: /^Heart/ })).toHaveAccessibleName(
    'Heart: 1',
  );
  await expect(coachDialog.getByRole('button', { name: /^Heart/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await athleteContext.close();
});

test('a voice note recorded from the microphone is transcribed, saved and played back', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Its own browser: Chromium's fake microphone (the speech fixture) is a launch
  // option, and the other tests' browser must keep having no microphone.
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // %noloop: the file plays once, then silence. Looped, a recording that runs a little long
      // (a busy machine is slow to press Stop) catches the start of the words again.
      `--use-file-for-fake-audio-capture=${speechFixture}%noloop`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      permissions: ['microphone'],
    });
    const page = await context.newPage();
    const video = await openCoachVideo(page, 'Voice note squats');

    await pauseAt(page, 2);
    await page.getByRole('button', { name: 'Add Annotation' }).click();
    await clickPicture(page, 0.5, 0.5);
    const form = page.getByRole('form', { name: 'New annotation' });
    await expect(form.getByTestId('annotation-time')).toHaveText('00:00:02');
    await form.getByRole('button', { name: 'Record voice note' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
    const save = form.getByRole('button', { name: 'Save Annotation' });
    await expect(save).toBeDisabled();
    // The fixture's words end at 2.4 s: stop once the clock reads four seconds.
    await expect(form.getByTestId('recording-clock')).toHaveText('0:04', { timeout: 10_000 });
    await form.getByRole('button', { name: 'Stop' }).click();

    // Transcribed first (spec §7): the words fill the text and their sentiment shows.
    await expect(form.getByLabel('Voice note preview')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Note' })).toHaveValue('go forward ten meters', {
      timeout: 30_000,
    });
    await expect(form.getByTestId('sentiment')).toContainText(
      /^Sentiment: (Positive|Negative|Neutral) \d+%$/,
    );
    await expect(save).toBeEnabled();
    await save.click();
    await expectToast(page, 'Success', 'Annotation created successfully');
    await expect(form).toHaveCount(0);

    const [note] = await annotationsOf(page, video.id);
    expect(note!.content).toBe('go forward ten meters');
    expect(note!.audioUrl).toMatch(/^\/uploads\/.+\.webm$/);
    expect(note!.audioDuration).toBeGreaterThanOrEqual(4);
    expect(note!.audioDuration).toBeLessThan(8);
    expect(note!.timestamp).toBeCloseTo(2, 1);

    // Opened from the Notes tab: the voice note plays back from the server.
    await page.getByRole('tab', { name: /^Notes/ }).click();
    await page
      .getByRole('list', { name: 'Annotations by time' })
      .getByRole('button', { name: /go forward ten meters/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:02' });
    const audio = dialog.getByLabel('Voice note', { exact: true });
    await expect(audio).toHaveAttribute('src', note!.audioUrl!);
    await audio.evaluate((element: HTMLAudioElement) => element.play());
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0.5);
    await context.close();
  } finally {
    await browser.close();
  }
});
