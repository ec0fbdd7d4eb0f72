import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './a11y-support';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

async function openVideo(page: Page, id: string, title: string) {
  await page.goto(`/videos/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(1);
}

/** What the page shows fullscreen now, and whether the note's pin is drawn inside it. */
function fullscreenState(page: Page) {
  return page.evaluate(() => {
    const element = document.fullscreenElement;
    const pin = element?.querySelector('[data-testid="annotation-marker"]');
    return {
      testId: element?.getAttribute('data-testid') ?? null,
      pinInside: pin instanceof HTMLElement && pin.getBoundingClientRect().width > 0,
      videoInside: element?.querySelector('video') !== null && element !== null,
    };
  });
}

test('the player takes the width, goes theatre and fullscreen with its overlays, and on a phone keeps its controls under the picture', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const screenshot = (name: string, fullPage = false) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
  await registerThroughApi(page, newAccount('coach'));
  // 426x240 (landscape) and 720x1280 (portrait, filmed on a phone).
  const [wide, tall] = await Promise.all([
    uploadThroughApi(page, 'Free throws', fixtureVideo('basketball_practice.mp4')),
    uploadThroughApi(page, 'Squats', fixtureVideo('squats_single_person.mp4')),
  ]);
  await Promise.all([waitUntilPrepared(page, wide.id), waitUntilPrepared(page, tall.id)]);
  const note = await page.request.post(`/api/videos/${wide.id}/annotations`, {
    data: { content: 'Elbow under the ball', timestamp: 0, xPosition: 60, yPosition: 40 },
  });
  expect(note.status()).toBe(201);

  // 1440 px: the player gets over 60% of the width, the panels sit beside it; the menu folds
  // to its icons for the page, without that being saved as the person's choice.
  await openVideo(page, wide.id, 'Free throws');
  const menuToggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(menuToggle).toHaveAttribute('aria-expanded', 'false');
  const video = page.locator('video');
  const tabs = page.getByRole('tablist');
  const beside = await box(page, video);
  expect(beside.width).toBeGreaterThanOrEqual(0.6 * 1440);
  expect((await box(page, tabs)).x).toBeGreaterThanOrEqual(beside.x + beside.width);
  await expect(video).toHaveAttribute('controlslist', 'nodownload nofullscreen');
  await screenshot('1440-default');

  // Theatre mode: wider still, the panels below; remembered after a reload.
  const theatre = page.getByRole('button', { name: 'Theatre mode' });
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');
  await theatre.click();
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await box(page, video)).width).toBeGreaterThan(beside.width);
  const wider = await box(page, video);
  expect((await box(page, tabs)).y).toBeGreaterThanOrEqual(wider.y + wider.height);
  await screenshot('1440-theatre');
  await expectAccessible(page, 'video page in theatre mode');
  // W, with the player focused, toggles it back.
  await player(page).focus();
  await page.keyboard.press('w');
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');

  // Fullscreen is the player's container, the note's pin still on the picture.
  const pin = page.getByTestId('annotation-marker');
  await expect(pin).toBeVisible();
  await page.getByRole('button', { name: 'Fullscreen', exact: true }).click();
  await expect
    .poll(() => fullscreenState(page))
    .toEqual({ testId: 'player-container', pinInside: true, videoInside: true });
  // The pin stays on the same spot of the picture, now letterboxed to the screen.
  const screen = page.viewportSize()!;
  const frame = await box(page, player(page));
  expect(frame.width).toBe(screen.width);
  const scale = Math.min(frame.width / 426, frame.height / 240);
  const picture = {
    x: frame.x + (frame.width - 426 * scale) / 2,
    y: frame.y + (frame.height - 240 * scale) / 2,
    width: 426 * scale,
    height: 240 * scale,
  };
  const pinBox = await box(page, pin);
  expect(pinBox.x + pinBox.width / 2).toBeCloseTo(picture.x + 0.6 * picture.width, -1);
  expect(pinBox.y + pinBox.height / 2).toBeCloseTo(picture.y + 0.4 * picture.height, -1);
  await screenshot('1440-fullscreen');
  // A pin opens its note over the player, not on the page hidden behind it.
  await pin.click();
  const dialog = page.getByRole('dialog', { name: /^Annotation at/ });
  await expect(dialog).toBeVisible();
  expect(
    await dialog.evaluate((element) => document.fullscreenElement?.contains(element) ?? false),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Exit fullscreen' }).click();
  await expect.poll(() => fullscreenState(page)).toMatchObject({ testId: null });
  // F and a double-click on the picture reach the same fullscreen, never the bare <video>'s.
  await player(page).focus();
  await page.keyboard.press('f');
  await expect.poll(() => fullscreenState(page)).toMatchObject({ testId: 'player-container' });
  await page.keyboard.press('f');
  await expect.poll(() => fullscreenState(page)).toMatchObject({ testId: null });
  const picked = await box(page, video);
  await video.dblclick({ position: { x: picked.width / 4, y: picked.height / 2 } });
  await expect.poll(() => fullscreenState(page)).toMatchObject({ testId: 'player-container' });
  await page.getByRole('button', { name: 'Exit fullscreen' }).click();
  await expect.poll(() => fullscreenState(page)).toMatchObject({ testId: null });

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(menuToggle).toHaveAttribute('aria-expanded', 'true');

  // A portrait clip gets a frame taller than 16:9, so its picture is more than a thin strip.
  await openVideo(page, tall.id, 'Squats');
  const portrait = await box(page, player(page));
  expect(portrait.height).toBeGreaterThan((portrait.width * 9) / 16 + 1);
  expect(portrait.height).toBeGreaterThanOrEqual(0.7 * 900);
  await screenshot('1440-portrait');

  // 375 px: edge to edge, and the toolbar and the timeline sit under the picture.
  await page.setViewportSize({ width: 375, height: 740 });
  await openVideo(page, wide.id, 'Free throws');
  const phone = await box(page, player(page));
  expect(phone.x).toBe(0);
  expect(phone.width).toBe(375);
  const element = await box(page, video);
  // Within a pixel: the frame's height is a fraction, the <video> box's is measured from it.
  const below = element.y + element.height - 1;
  expect(element.y + element.height).toBeGreaterThan(phone.y + phone.height);
  const toolbar = await box(page, page.getByRole('group', { name: 'Player tools' }));
  expect(toolbar.y).toBeGreaterThanOrEqual(below);
  const markers = await box(page, page.getByRole('list', { name: 'Annotations on the timeline' }));
  expect(markers.y).toBeGreaterThanOrEqual(below);
  await screenshot('375-landscape');
  await openVideo(page, tall.id, 'Squats');
  expect((await box(page, player(page))).height).toBeGreaterThan(375);
  await screenshot('375-portrait', true);
});
