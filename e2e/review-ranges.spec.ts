import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import { pauseAt, player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

type Note = {
  id: string;
  content: string;
  timestamp: number;
  endTime: number | null;
  resolvedAt: string | null;
  resolvedBy: { name: string } | null;
};

/**
 * Watches playback from here on: how often it jumped back to the start of [start, end], and
 * the earliest and latest times it showed in between, read from the element at every frame.
 */
async function watchLoop(page: Page) {
  await page.locator('video').evaluate((video: HTMLVideoElement) => {
    const watch = { wraps: 0, min: Infinity, max: -Infinity, last: video.currentTime };
    (window as unknown as { loopWatch: typeof watch }).loopWatch = watch;
    const sample = () => {
      const now = video.currentTime;
      if (now < watch.last - 0.5) watch.wraps += 1;
      watch.min = Math.min(watch.min, now);
      watch.max = Math.max(watch.max, now);
      watch.last = now;
      video.requestVideoFrameCallback(sample);
    };
    video.requestVideoFrameCallback(sample);
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { loopWatch: { wraps: number; min: number; max: number } }).loopWatch,
    );
}

async function notesOf(page: Page, videoId: string): Promise<Note[]> {
  const response = await page.request.get(`/api/videos/${videoId}/annotations`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Note[];
}

test('a coach marks a range with I and O, loops it, saves it as a note, resolves it, filters by it and goes to the next open note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughApi(page, newAccount('coach', 'Riley Ranges'));
  const video = await uploadThroughApi(
    page,
    'Range squats',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  // Two open notes around the range, for the filter and Next open note.
  for (const [timestamp, content] of [
    [1, 'Chest up at the start'],
    [9, 'Drive through the heels'],
  ] as const) {
    const response = await page.request.post(`/api/videos/${video.id}/annotations`, {
      data: { content, timestamp, xPosition: 50, yPosition: 50 },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/videos/${video.id}`);
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);

  const chip = page.getByTestId('timeline-range-chip');
  await test.step('I and O mark a range; R loops it without saving a note', async () => {
    await pauseAt(page, 2);
    await player(page).focus();
    await page.keyboard.press('i');
    await expect(chip).toContainText('In at 0:02.0');
    await pauseAt(page, 4);
    await page.keyboard.press('o');
    await expect(chip.getByRole('status')).toHaveText('Range 0:02.0 to 0:04.0');
    await expect(page.getByTestId('timeline-marked-range')).toBeVisible();

    const loopWatch = await watchLoop(page);
    await page.keyboard.press('r');
    await expect(chip.getByRole('button', { name: 'Loop' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => (await loopWatch()).wraps, { timeout: 20_000 })
      .toBeGreaterThan(1);
    const seen = await loopWatch();
    expect(seen.min).toBeGreaterThanOrEqual(1.95);
    // Never on into the rest of the clip (4 s on): at most a few frames past the out point when
    // a busy machine delivers a frame late.
    expect(seen.max).toBeLessThan(4.75);
    // R again stops looping; the range stays marked for the note.
    await page.keyboard.press('r');
    await expect(chip.getByRole('button', { name: 'Loop' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  let rangeNote: Note | undefined;
  await test.step('Add Annotation with the range marked makes a range note from its in point', async () => {
    await page.getByRole('button', { name: 'Add Annotation' }).click();
    // The picture goes to the in point: the note is pinned on the frame where the range starts.
    await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(2, 1);
    const box = (await player(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.4);
    const form = page.getByRole('form', { name: 'New annotation' });
    await expect(form).toContainText('From 00:00:02 to 00:00:04');
    await form.getByRole('textbox', { name: 'Note' }).fill('Stay low through the whole rep');
    await form.getByRole('button', { name: 'Save Annotation' }).click();
    await expectToast(page, 'Success', 'Annotation created successfully');
    rangeNote = (await notesOf(page, video.id)).find((note) => note.content.startsWith('Stay'));
    expect(rangeNote).toMatchObject({ timestamp: 2, endTime: 4, resolvedAt: null });
    // The marks went into the note; the timeline draws it as a band.
    await expect(chip).toHaveCount(0);
    const timeline = page.getByRole('list', { name: 'Annotations on the timeline' });
    await expect(timeline.getByTestId('timeline-annotation-band')).toHaveCount(1);
    await expect(
      timeline.getByRole('button', { name: /Stay low.*\(text note, until 00:00:04\)/ }),
    ).toBeVisible();
  });

  const notesTab = page.getByRole('tab', { name: /^Notes/ });
  const notes = page.getByRole('tabpanel', { name: /^Notes/ });
  const rows = notes.getByRole('list', { name: 'Annotations by time' }).getByRole('listitem');
  await test.step("a range note's Loop plays its range over and over", async () => {
    await notesTab.click();
    const loopWatch = await watchLoop(page);
    await notes.getByRole('button', { name: 'Loop 00:00:02 to 00:00:04' }).click();
    await expect(chip.getByRole('status')).toHaveText('Looping 0:02.0 to 0:04.0');
    await expect
      .poll(async () => (await loopWatch()).wraps, { timeout: 20_000 })
      .toBeGreaterThan(1);
    expect((await loopWatch()).max).toBeLessThan(4.75);
    await chip.getByRole('button', { name: 'Clear the range' }).click();
    await expect(chip).toHaveCount(0);
    await page.locator('video').evaluate((element: HTMLVideoElement) => element.pause());
  });

  await test.step('the coach resolves it; the filter shows it only under Resolved', async () => {
    await expect(notes.getByRole('radio', { name: 'Open 3' })).toBeChecked({ checked: false });
    await rows.filter({ hasText: 'Stay low' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:02' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect(dialog.getByTestId('annotation-resolved')).toHaveText('Resolved by Riley Ranges');
    await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await notes.getByText('Open', { exact: true }).click();
    await expect(notes.getByRole('radio', { name: 'Open 2' })).toBeChecked();
    await expect(rows).toHaveText([/Chest up/, /Drive through/]);
    await notes.getByText('Resolved', { exact: true }).click();
    await expect(notes.getByRole('radio', { name: 'Resolved 1' })).toBeChecked();
    await expect(rows).toHaveText([/Resolved by Riley Ranges.*/]);
    await expect(rows).toContainText('Stay low through the whole rep');
    await expectAccessible(page, 'Notes filtered to resolved');
    const stored = (await notesOf(page, video.id)).find((note) => note.id === rangeNote!.id);
    expect(stored?.resolvedBy?.name).toBe('Riley Ranges');
  });

  await test.step('after a reload it is still resolved; N goes round the open notes', async () => {
    await page.reload();
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(1);
    await notesTab.click();
    await expect(notes.getByRole('radio', { name: 'Resolved 1' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Stay low' })).toContainText('Resolved by Riley Ranges');

    await pauseAt(page, 1.5);
    await notes.getByRole('button', { name: 'Next open note' }).click();
    // The resolved range note at 0:02 is skipped.
    await expect(page.getByRole('dialog', { name: 'Annotation at 00:00:09' })).toBeVisible();
    await page.keyboard.press('n');
    await expect(page.getByRole('dialog', { name: 'Annotation at 00:00:01' })).toBeVisible();
    await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(1, 1);
  });

  await test.step('a drag along the timeline marks a range too', async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const strip = (await page.getByTestId('timeline-range-strip').boundingBox())!;
    const y = strip.y + strip.height / 2;
    // 40% to 60% of the 13 s clip: 5.2 s to 7.8 s.
    await page.mouse.move(strip.x + strip.width * 0.4, y);
    await page.mouse.down();
    await page.mouse.move(strip.x + strip.width * 0.5, y);
    await page.mouse.move(strip.x + strip.width * 0.6, y);
    await page.mouse.up();
    await expect(chip.getByRole('status')).toHaveText(/^Range 0:05\.\d to 0:07\.\d$/);
  });
});
