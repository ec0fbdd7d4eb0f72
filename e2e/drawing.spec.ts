import { DRAWING_SHAPE_KINDS } from '@filmroom/contract';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { fixtureVideo } from './media';
import { expectToast, newAccount, registerThroughApi } from './support';
import {
  pauseAt,
  pictureBox,
  player,
  uploadThroughApi,
  videoState,
  waitUntilPrepared,
} from './video-support';

type Shape = { kind: string; description?: string };
type Annotation = {
  id: string;
  timestamp: number;
  endTime: number | null;
  xPosition: number;
  yPosition: number;
  displaySeconds: number;
  pauseHere: boolean;
  drawing: { shapes: Shape[] } | null;
  replies: { id: string; content: string; drawing: { shapes: Shape[] } | null }[];
};

const NOTE_AT = 2;
const NOTE_END = 3.5;

type Box = { x: number; y: number; width: number; height: number };
const at = (box: Box, fx: number, fy: number) => ({
  x: box.x + fx * box.width,
  y: box.y + fy * box.height,
});

/** A drag with the mouse, in steps, from one spot of the box to another (fractions of it). */
async function drag(page: Page, box: Box, from: [number, number], to: [number, number]) {
  const start = at(box, ...from);
  const end = at(box, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
}

async function annotationsOf(page: Page, videoId: string): Promise<Annotation[]> {
  const response = await page.request.get(`/api/videos/${videoId}/annotations`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Annotation[];
}

const shapesIn = (layer: Locator) => layer.getByTestId('drawing-shape');

test('a coach draws every shape on a paused frame and saves it as a range note that plays back at 1440 px, in fullscreen and at 375 px; an athlete replies with a drawing the coach sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughApi(page, newAccount('coach'));
  const video = await uploadThroughApi(
    page,
    'Squats drawn',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Squats drawn' })).toBeVisible();
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);

  await test.step('Draw pauses, opens the tools under the player and the note form', async () => {
    await player(page).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    // The note spans a range, marked with I and O before drawing.
    await pauseAt(page, NOTE_AT);
    await player(page).focus();
    await page.keyboard.press('i');
    await pauseAt(page, NOTE_END);
    await page.keyboard.press('o');
    await page.getByRole('button', { name: 'Draw' }).click();
    // Drawing starts on the range's first frame.
    await expect.poll(async () => (await videoState(page)).currentTime).toBeCloseTo(NOTE_AT, 2);
    await expect(page.getByRole('button', { name: 'Draw' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('form', { name: 'New annotation' })).toBeVisible();
    const tools = page.getByRole('toolbar', { name: 'Drawing tools' });
    await expect(tools.getByRole('button', { name: 'Arrow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tools.getByRole('button', { name: 'Arrow' })).toHaveAttribute(
      'aria-keyshortcuts',
      'A',
    );
    // Under the player, not over its picture.
    const frame = (await player(page).boundingBox())!;
    const bar = (await tools.boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(frame.y + frame.height);
  });

  const canvas = page.getByTestId('drawing-canvas');
  const tools = page.getByRole('toolbar', { name: 'Drawing tools' });
  const count = page.getByTestId('drawing-shape-count');

  await test.step('every kind of shape, by shortcut or button, with the live angle', async () => {
    const picture = await pictureBox(page);
    await drag(page, picture, [0.2, 0.2], [0.45, 0.35]); // arrow, the tool in hand
    await tools.getByRole('button', { name: 'Line' }).click();
    await drag(page, picture, [0.1, 0.9], [0.9, 0.9]);
    await page.keyboard.press('e');
    await drag(page, picture, [0.3, 0.4], [0.7, 0.6]);
    await page.keyboard.press('r');
    await drag(page, picture, [0.05, 0.05], [0.25, 0.15]);
    await page.keyboard.press('p');
    const pen = [at(picture, 0.6, 0.1), at(picture, 0.7, 0.15), at(picture, 0.8, 0.1)];
    await page.mouse.move(pen[0]!.x, pen[0]!.y);
    await page.mouse.down();
    for (const point of pen.slice(1)) await page.mouse.move(point.x, point.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.press('t');
    const label = at(picture, 0.1, 0.7);
    await page.mouse.click(label.x, label.y);
    await page.getByRole('textbox', { name: /Label text/ }).fill('Knees out');
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('6 shapes');

    // The angle: one drag from an end to the vertex, then the last arm follows the pointer.
    await page.keyboard.press('g');
    await drag(page, picture, [0.5, 0.3], [0.5, 0.6]);
    const square = at(picture, 0.8, 0.6);
    await page.mouse.move(square.x, square.y, { steps: 5 });
    await expect(page.getByTestId('drawing-live-angle')).toHaveText('90°');
    // Measured in the picture's pixels: the same fractions read differently than on a square.
    const wide = at(picture, 0.8, 0.45);
    await page.mouse.move(wide.x, wide.y, { steps: 3 });
    // 30% across and 15% up from the vertex: about 48° on this 9:16 picture, 63° on a square.
    const expected = Math.round(
      (Math.atan2(0.3 * picture.width, 0.15 * picture.height) * 180) / Math.PI,
    );
    expect(expected).not.toBe(63);
    await expect(page.getByTestId('drawing-live-angle')).toHaveText(`${expected}°`);
    await page.mouse.move(square.x, square.y, { steps: 3 });
    await page.mouse.down();
    await page.mouse.up();

    await page.keyboard.press('s');
    await drag(page, picture, [0.35, 0.45], [0.65, 0.75]);
    await expect(count).toHaveText('8 shapes');
    await expect(shapesIn(canvas)).toHaveCount(8);
  });

  await test.step('undo, redo, select, move and delete', async () => {
    await page.keyboard.press('Control+z');
    await expect(count).toHaveText('7 shapes');
    await page.keyboard.press('Control+Shift+Z');
    await expect(count).toHaveText('8 shapes');
    // Select the line along the bottom and move it up a little, then delete it and undo that.
    const picture = await pictureBox(page);
    await page.keyboard.press('v');
    await drag(page, picture, [0.5, 0.9], [0.5, 0.85]);
    await expect(tools.getByRole('button', { name: 'Delete shape' })).toBeEnabled();
    await page.keyboard.press('Delete');
    await expect(count).toHaveText('7 shapes');
    await tools.getByRole('button', { name: 'Undo' }).click();
    await expect(count).toHaveText('8 shapes');
    // Esc leaves the tool in hand.
    await page.keyboard.press('a');
    await expect(tools.getByRole('button', { name: 'Arrow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(tools.getByRole('button', { name: 'Select and move' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAccessible(page, 'drawing tools with a drawing');
  });

  await test.step('a drawing-only note saves with its display time and pause', async () => {
    const form = page.getByRole('form', { name: 'New annotation' });
    await expect(
      form.getByText('Add text, a voice note, a drawing, or more than one.'),
    ).toHaveCount(0);
    await expect(form.getByTestId('annotation-time')).toHaveText('00:00:02 to 00:00:03');
    await form.getByLabel('Show drawing for').fill('2');
    await form.getByRole('checkbox', { name: /Pause here/ }).check();
    await form.getByRole('button', { name: 'Save Annotation' }).click();
    await expectToast(page, 'Success', 'Annotation created successfully');
    await expect(form).toHaveCount(0);
    await expect(tools).toHaveCount(0);
  });

  const [note] = await annotationsOf(page, video.id);
  expect(note!.timestamp).toBeCloseTo(NOTE_AT, 2);
  expect(note!.endTime).toBeCloseTo(NOTE_END, 2);
  expect(note!.displaySeconds).toBe(2);
  expect(note!.pauseHere).toBe(true);
  const shapes = note!.drawing!.shapes;
  expect(shapes.map((shape) => shape.kind)).toEqual([...DRAWING_SHAPE_KINDS]);
  // No spot clicked: the pin is on the first shape, the arrow's head.
  expect(note!.xPosition).toBeCloseTo(45, 0);
  expect(note!.yPosition).toBeCloseTo(35, 0);
  expect(shapes[6]!.description).toMatch(/^Angle 90° at 50% across, 60% down$/);
  expect(shapes[5]!.description).toBe('Label “Knees out” at 10% across, 70% down');

  const overlay = page.getByTestId('drawing-overlay');
  await test.step('after a reload, playback stops on the note and shows its drawing', async () => {
    await page.reload();
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);
    await pauseAt(page, 1);
    await expect(overlay).toHaveCount(0);
    await player(page).focus();
    await page.keyboard.press('Space');
    // Stopped exactly on the note's time, however far the last time update ran past it.
    await expect
      .poll(async () => {
        const state = await videoState(page);
        return state.paused && Math.abs(state.currentTime - NOTE_AT) < 0.005;
      })
      .toBe(true);
    await expect(shapesIn(overlay)).toHaveCount(8);
    await expect(overlay).toHaveAttribute('aria-label', /^Drawing: Yellow arrow from 20% across/);
    await page.screenshot({ path: test.info().outputPath('drawing-1440.png') });
    // In the player's own fullscreen the drawing stays on the picture.
    await player(page).focus();
    await page.keyboard.press('f');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.fullscreenElement?.querySelectorAll('[data-testid="drawing-shape"]').length ??
            -1,
        ),
      )
      .toBe(8);
    await page.screenshot({ path: test.info().outputPath('drawing-fullscreen.png') });
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    // The list says what the drawing shows.
    await page.getByRole('tab', { name: /^Notes/ }).click();
    await expect(
      page.getByRole('list', { name: 'Annotations by time' }).getByTestId('drawing-description'),
    ).toContainText('Angle 90°');
    // Away from the note's time, hovering its row previews the drawing over the picture.
    await pauseAt(page, 0.2);
    await expect(overlay).toHaveCount(0);
    await page.getByRole('list', { name: 'Annotations by time' }).getByRole('listitem').hover();
    await expect(shapesIn(overlay)).toHaveCount(8);
    await page.mouse.move(0, 0);
    await expect(overlay).toHaveCount(0);
    await pauseAt(page, NOTE_AT);
  });

  await test.step('on a phone the drawing lands on the same picture', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(shapesIn(overlay)).toHaveCount(8);
    const picture = await pictureBox(page);
    const drawn = (await overlay.boundingBox())!;
    expect(drawn.width).toBeCloseTo(picture.width, 0);
    expect(drawn.x).toBeCloseTo(picture.x, 0);
    await page.screenshot({ path: test.info().outputPath('drawing-375.png') });
  });

  await test.step('an athlete with view access replies with a drawing on the still', async () => {
    const athleteContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const athletePage = await athleteContext.newPage();
    const athlete = newAccount('athlete', 'Alex Athlete');
    await registerThroughApi(athletePage, athlete);
    const share = await page.request.post(`/api/videos/${video.id}/share`, {
      data: { email: athlete.email, accessLevel: 'view' },
    });
    expect(share.status()).toBe(201);
    await athletePage.goto(`/videos/${video.id}`);
    await expect(athletePage.getByRole('button', { name: 'Draw' })).toHaveCount(0);
    await expect
      .poll(async () => (await videoState(athletePage)).readyState)
      .toBeGreaterThanOrEqual(2);
    await athletePage.getByRole('tab', { name: /^Notes/ }).click();
    await athletePage
      .getByRole('list', { name: 'Annotations by time' })
      .getByRole('button', { name: /Drawing/ })
      .click();
    const dialog = athletePage.getByRole('dialog', { name: 'Annotation at 00:00:02' });
    await expect(dialog.getByTestId('frame-still').locator('img')).toBeVisible();
    await expect(shapesIn(dialog.getByTestId('drawing-overlay'))).toHaveCount(8);
    await dialog.getByRole('button', { name: 'Draw' }).click();
    await expect(dialog.getByRole('toolbar', { name: 'Drawing tools' })).toBeVisible();
    await athletePage.keyboard.press('e');
    const still = (await dialog.getByTestId('frame-still').boundingBox())!;
    await drag(athletePage, still, [0.4, 0.4], [0.6, 0.55]);
    await expect(dialog.getByTestId('drawing-shape-count')).toHaveText('1 shape');
    await athletePage.screenshot({ path: test.info().outputPath('reply-drawing-375.png') });
    await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(athletePage.getByText('Reply added successfully', { exact: true })).toBeVisible();
    const reply = dialog.getByRole('list', { name: 'Replies' }).getByRole('listitem');
    await expect(reply.getByRole('button', { name: 'Drawing' })).toBeVisible();
    await athleteContext.close();
  });

  await test.step('the coach opens the reply’s drawing', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await page.getByRole('tab', { name: /^Notes/ }).click();
    await page
      .getByRole('list', { name: 'Annotations by time' })
      .getByRole('button', { name: /Drawing/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Annotation at 00:00:02' });
    const replyDrawing = dialog
      .getByRole('list', { name: 'Replies' })
      .getByRole('button', { name: 'Drawing' });
    await replyDrawing.click();
    await expect(replyDrawing).toHaveAttribute('aria-pressed', 'true');
    const shown = shapesIn(dialog.getByTestId('drawing-overlay'));
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('data-kind', 'ellipse');
    await page.screenshot({ path: test.info().outputPath('reply-drawing-1440.png') });
  });
});
