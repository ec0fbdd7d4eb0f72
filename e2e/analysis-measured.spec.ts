import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectToast, newAccount, registerThroughApi } from './support';
import { makeClip } from './media';
import { playWithKeyboard, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The measuring server: every work queue on, so the clip is scanned and analysed for real
// (playwright.config.ts). One test, so the suite pays for one scan.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

type Guide = {
  type: 'arrow' | 'line' | 'highlight';
  x: number;
  y: number;
  endX?: number;
  endY?: number;
};
type Point = { timestamp: number; title: string; visualGuides?: Guide[] };
type Detail = {
  width: number;
  height: number;
  analysis: {
    coachingPoints?: Point[];
    playerDetections: { timestamp: number; box?: [number, number, number, number] }[];
    keyMetric?: { name: string; samples: [number, number][] } | null;
  } | null;
};

async function currentTime(page: Page) {
  return (await videoState(page)).currentTime;
}

/** The drawn skeleton's vertical extent in the frame: short at the bottom of a squat. */
async function skeletonHeight(overlay: Locator) {
  return overlay.evaluate((svg) => {
    const ys = Array.from(svg.querySelectorAll('line')).flatMap((line) => [
      Number(line.getAttribute('y1')),
      Number(line.getAttribute('y2')),
    ]);
    return ys.length === 0 ? 0 : Math.max(...ys) - Math.min(...ys);
  });
}

test('a squat clip from upload to its measured analysis: coaching points, guides, poses, chart, regenerate and players', async ({
  page,
}) => {
  // The scan is about a minute of CPU for this 13 s clip on two cores shared with the suite.
  test.setTimeout(300_000);
  // No relay on this server, and nothing is sent to this coach: the address stays unconfirmed.
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  // A file the server has not scanned before, so that the scan really runs while we watch.
  const video = await uploadThroughApi(page, 'Back squats', await makeClip('squatsNotScannedYet'));
  await waitUntilPrepared(page, video.id);
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Back squats' })).toBeVisible();

  // Before the analysis exists there are no skeletons to draw: the toggle says so.
  const pose = page.getByRole('button', { name: 'Pose', exact: true });
  await expect(pose).toHaveAttribute('aria-disabled', 'true');
  await expect(pose).toHaveAttribute('title', 'Pose skeletons appear once the analysis is ready');

  // The Analysis tab follows the scan live, then shows the analysis.
  const analysisTab = page.getByRole('tabpanel', { name: 'Analysis' });
  await expect(
    analysisTab.getByText(
      /^(Measuring the athletes in the video: \d+% done\.|Writing up the coaching points from the measurements\.)$/,
    ),
  ).toBeVisible({ timeout: 120_000 });
  await expect(analysisTab.getByRole('heading', { name: 'Technical Analysis' })).toBeVisible({
    timeout: 180_000,
  });
  const detail = (await (await page.request.get(`/api/videos/${video.id}`)).json()) as Detail;
  const analysis = detail.analysis!;
  const points = analysis.coachingPoints ?? [];

  // The clip shows three squats; the write-up counts them.
  await expect(analysisTab.getByRole('region', { name: 'Technical analysis text' })).toContainText(
    /\b3 repetitions\b/,
  );

  // Coaching points with one-decimal timestamps; pressing one seeks the video there.
  // (Each card also offers Clip and Compare: the point's own button is the one saying its type.)
  const pointButtons = analysisTab
    .getByRole('list')
    .getByRole('button')
    .filter({ has: page.getByText(/^Type: /) });
  expect(points.length).toBeGreaterThan(0);
  await expect(pointButtons).toHaveCount(points.length);
  for (const [index, point] of points.entries()) {
    await expect(pointButtons.nth(index)).toContainText(point.title);
    await expect(pointButtons.nth(index)).toContainText(`${point.timestamp.toFixed(1)}s`);
  }
  // One decimal and the suffix s, e.g. "2.2s".
  await expect(pointButtons.first()).toHaveAttribute('title', /^Jump to \d+\.\ds$/);

  const guided = points.findIndex((point) =>
    point.visualGuides?.some((guide) => guide.type === 'line' || guide.type === 'arrow'),
  );
  expect(guided).toBeGreaterThanOrEqual(0);
  const point = points[guided]!;
  await pointButtons.nth(guided).click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(point.timestamp, 1);
  const card = page.getByTestId('coaching-point-card').filter({ visible: true });
  await expect(card).toHaveAttribute('data-state', 'open');
  await expect(card).toContainText(point.title);

  // Its guides lie on the picture: the portrait clip is pillarboxed in the 16:9 frame.
  const guides = page.getByTestId('visual-guides');
  const lineGuide = point.visualGuides!.find((guide) => guide.type !== 'highlight')!;
  const drawn = guides.locator('line').first();
  await expect(drawn).toBeVisible();
  const [, , frameWidth, frameHeight] = (await guides.getAttribute('viewBox'))!
    .split(' ')
    .map(Number) as [number, number, number, number];
  const pictureWidth = (frameHeight * detail.width) / detail.height;
  const expectedStart = {
    x: (frameWidth - pictureWidth) / 2 + lineGuide.x * pictureWidth,
    y: lineGuide.y * frameHeight,
  };
  const start = async () => ({
    x: Number(await drawn.getAttribute('x1')),
    y: Number(await drawn.getAttribute('y1')),
  });
  expect((await start()).x).toBeCloseTo(expectedStart.x, 0);
  expect((await start()).y).toBeCloseTo(expectedStart.y, 0);
  // At 200% the guide follows the picture, scaled about the frame's centre.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('status', { name: 'Zoom level' })).toHaveText('200%');
  await expect
    .poll(async () => (await start()).x)
    .toBeCloseTo(frameWidth / 2 + 2 * (expectedStart.x - frameWidth / 2), 0);
  expect((await start()).y).toBeCloseTo(
    frameHeight / 2 + 2 * (expectedStart.y - frameHeight / 2),
    0,
  );
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(page.getByRole('status', { name: 'Zoom level' })).toHaveText('100%');

  // The same points as markers on the viewer's timeline; a marker seeks too.
  const markers = page.getByRole('list', { name: 'Coaching points' }).getByRole('button');
  await expect(markers).toHaveCount(points.length);
  await markers.last().click();
  await expect.poll(() => currentTime(page)).toBeCloseTo(points.at(-1)!.timestamp, 1);

  // Pose: the measured skeleton over the picture, following playback.
  await expect(pose).not.toHaveAttribute('aria-disabled', 'true');
  await expect(pose).toHaveAttribute('aria-pressed', 'false');
  await pose.click();
  await expect(pose).toHaveAttribute('aria-pressed', 'true');
  const skeleton = page.getByRole('img', { name: 'Pose skeletons' });
  const setTime = (seconds: number) =>
    page.locator('video').evaluate((element: HTMLVideoElement, t) => {
      element.currentTime = t;
    }, seconds);
  await setTime(0.2);
  await expect.poll(() => skeleton.locator('line').count()).toBeGreaterThanOrEqual(10);
  const standing = await skeletonHeight(skeleton);
  // At the bottom of the first squat the body is much shorter than standing.
  await setTime(point.timestamp);
  await expect.poll(() => skeletonHeight(skeleton)).toBeLessThan(standing * 0.9);
  // While it plays the skeleton moves with the picture.
  const paused = await skeletonHeight(skeleton);
  await playWithKeyboard(page);
  await expect.poll(() => skeletonHeight(skeleton)).not.toBeCloseTo(paused, 0);
  await page.keyboard.press('k');
  await expect.poll(async () => (await videoState(page)).paused).toBe(true);
  await pose.click();
  await expect(pose).toHaveAttribute('aria-pressed', 'false');
  await expect(skeleton).toHaveCount(0);

  // The key metric under the analysis: a chart named by its range; a click seeks.
  const metric = analysis.keyMetric!;
  expect(metric.samples.length).toBeGreaterThan(1);
  const chart = analysisTab.getByRole('img', { name: /^Knee angle over time, from \d+° to \d+°$/ });
  await expect(chart).toBeVisible();
  await expect(analysisTab.getByText('Knee angle (°)', { exact: true })).toBeVisible();
  await expect(chart.getByTestId('metric-target')).toHaveCount(1);
  await expect(chart.getByTestId('metric-coaching-point')).toHaveCount(points.length);
  const box = (await chart.boundingBox())!;
  // The plot starts 40 px in; its middle is the middle of the clip.
  await chart.click({ position: { x: 40 + (box.width - 50) / 2, y: box.height / 2 } });
  await expect.poll(() => currentTime(page)).toBeCloseTo(6.5, 0);

  // Regenerate with instructions: only knee points between 0:05 and 0:10 remain.
  const secondsOf = (text: string) => Number(/(\d+\.\d)s/.exec(text)![1]);
  const inFocus = (text: string) => secondsOf(text) >= 5 && secondsOf(text) <= 10;
  const before = await pointButtons.allInnerTexts();
  await analysisTab.getByRole('button', { name: 'Regenerate Analysis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate Analysis' });
  await dialog
    .getByLabel('Instructions (optional)')
    .fill('Focus on knee position between 0:05 and 0:10');
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expectToast(page, 'Success', 'Analysis regenerated successfully');
  await expect(dialog).toBeHidden();
  // The new points, not the old list nor the moment between it going and the new one
  // arriving. (Their number may be the old one's: a scan of the clip varies a little.)
  await expect
    .poll(async () => {
      const texts = await pointButtons.allInnerTexts();
      const changed = texts.join('\n') !== before.join('\n') || before.every(inFocus);
      return texts.length > 0 && changed && texts.every(inFocus);
    })
    .toBe(true);
  const regenerated = await pointButtons.allInnerTexts();
  expect(regenerated.length).toBeGreaterThan(0);
  for (const text of regenerated) {
    expect(secondsOf(text)).toBeGreaterThanOrEqual(5);
    expect(secondsOf(text)).toBeLessThanOrEqual(10);
  }

  // Players: Detect Players (held on its way so 'Processing...' can be seen), then the
  // detections near the playback time and the Detections timeline bar.
  await page.getByRole('tab', { name: 'Players' }).click();
  const playersTab = page.getByRole('tabpanel', { name: 'Players' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/videos/${video.id}/detect-players`, async (route) => {
    await held;
    await route.continue();
  });
  await playersTab.getByRole('button', { name: 'Detect Players' }).click();
  await expect(playersTab.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expectToast(page, 'Success', 'Player detection completed successfully');
  await expect(playersTab.getByRole('button', { name: 'Detect Players' })).toBeEnabled();

  const after = (await (await page.request.get(`/api/videos/${video.id}`)).json()) as Detail;
  const detections = after.analysis!.playerDetections;
  expect(detections.length).toBeGreaterThan(0);
  const latest = Math.max(...detections.map((detection) => detection.timestamp));

  const bar = playersTab.getByRole('toolbar', { name: 'Detections timeline' });
  const barMarkers = bar.getByRole('button');
  expect(await barMarkers.count()).toBeGreaterThan(1);
  await expect(barMarkers.first()).toHaveAccessibleName(/^\d+ detections? at \d+:\d\d\.\d$/);
  const section = playersTab.getByRole('region', { name: 'Detections timeline' });
  await expect(section).toContainText('0:00');
  await expect(section).toContainText(
    `${Math.floor(latest / 60)}:${String(Math.floor(latest % 60)).padStart(2, '0')}`,
  );

  // A click selects the moment and seeks there; the detections listed are from then.
  const target = barMarkers.nth(3);
  const name = (await target.getAttribute('aria-label'))!;
  const [, minutes, secondsText] = /at (\d+):(\d\d\.\d)$/.exec(name)!;
  const seconds = Number(minutes) * 60 + Number(secondsText);
  await target.click();
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByRole('button', { pressed: true })).toHaveCount(1);
  await expect.poll(() => currentTime(page)).toBeCloseTo(seconds, 1);
  const row = playersTab.getByRole('listitem').filter({ hasText: `${seconds.toFixed(1)}s` });
  await expect(row.first()).toBeVisible();
  await expect(row.first().getByLabel(/^\d{1,3}% confidence$/)).toHaveText(/^\d{1,3}%$/);

  // Keyboard: one Tab stop, arrows move between markers, Enter picks.
  await expect(target).toHaveAttribute('tabindex', '0');
  await target.focus();
  await page.keyboard.press('ArrowRight');
  const next = barMarkers.nth(4);
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(next).toHaveAttribute('aria-pressed', 'true');
  await expect(target).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(seconds);

  // A detection row is a toggle: Enter pauses the video at its time and boxes the person there,
  // on the picture (the portrait clip is pillarboxed), and says so to a screen reader.
  const rowButton = playersTab.getByRole('listitem').first().getByRole('button');
  const rowTime = Number(/(\d+\.\d)s/.exec(await rowButton.innerText())![1]);
  await rowButton.focus();
  await page.keyboard.press('Enter');
  await expect(rowButton).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => currentTime(page)).toBeCloseTo(rowTime, 1);
  expect((await videoState(page)).paused).toBe(true);
  // With the Players tab open every detection is boxed in the detections layer; the picked
  // person's box is lit.
  const layer = page.getByRole('group', { name: 'People detected on the video' });
  const boxed = layer
    .getByRole('button', { name: /^Unidentified Player at / })
    .and(page.locator('[data-lit="true"]'));
  await expect(boxed).toHaveCount(1);
  await expect(playersTab.getByRole('status')).toHaveText(
    `Unidentified Player at ${rowTime.toFixed(1)}s: the video is paused there with a box around them.`,
  );
  const [, , boxFrameWidth, boxFrameHeight] = (await layer.getAttribute('viewBox'))!
    .split(' ')
    .map(Number) as [number, number, number, number];
  const boxPictureWidth = (boxFrameHeight * detail.width) / detail.height;
  const drawnBox = await boxed
    .locator('rect')
    .evaluate((element) =>
      ['x', 'y', 'width', 'height'].map((name) => Number(element.getAttribute(name))),
    );
  const measured = detections.filter(
    (detection) => Math.abs(detection.timestamp - rowTime) < 0.05 && detection.box,
  );
  const expectedBoxes = measured.map(({ box }) => [
    (boxFrameWidth - boxPictureWidth) / 2 + box![0] * boxPictureWidth,
    box![1] * boxFrameHeight,
    box![2] * boxPictureWidth,
    box![3] * boxFrameHeight,
  ]);
  expect(
    expectedBoxes.some((expected) =>
      expected.every((value, i) => Math.abs(value - drawnBox[i]!) < 1),
    ),
  ).toBe(true);
  // Space on the pressed row lets the person go.
  await page.keyboard.press('Space');
  await expect(rowButton).toHaveAttribute('aria-pressed', 'false');
  await expect(playersTab.getByRole('status')).toHaveText('');
});
