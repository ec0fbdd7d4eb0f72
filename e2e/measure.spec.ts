import { readFile, writeFile } from 'node:fs/promises';
import { decodePicture, makeStill } from '@filmroom/media';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
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

// The measuring server: the clip is scanned for real, so the knee angle comes from real poses.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

/** The side-view barbell squat: 620×720, the near plate 130 px (0.45 m) across when standing. */
const CLIP = { width: 620, height: 720 };
const PLATE_LEFT = { x: 258, y: 205 };
const PLATE_RIGHT = { x: 388, y: 205 };
/** The end of the bar (the plate's hub), marked by hand on the clip's frames. */
const HUB_STANDING = { x: 323, y: 204 };
const HUB_AT_FIRST_BOTTOM = { t: 2.25, x: 357, y: 410 };
/**
 * The first rep, marked with I and O: standing (1.4 s), down to the bottom (2.25 s) and up to
 * standing again (3.3 s). The bar is tracked, and the video exported, over this stretch only.
 */
const FIRST_REP = { start: 1.4, end: 3.6 };

/** How many pixels of a frame of `file` at `seconds` are near the bar path's cyan (#00e5ff). */
async function barCyanPixels(file: string, seconds: number, name: string) {
  const still = test.info().outputPath(`${name}.png`);
  await makeStill(file, still, { atSeconds: seconds, longSide: 1280 });
  const picture = await decodePicture(still, 1280);
  let count = 0;
  for (let offset = 0; offset < picture.data.length; offset += 3) {
    const [r, g, b] = [picture.data[offset]!, picture.data[offset + 1]!, picture.data[offset + 2]!];
    if (r < 70 && Math.abs(g - 0xe5) < 45 && b > 200) count++;
  }
  return count;
}

/**
 * The whole page at a width, in a window as tall as the page: a full-page capture of a shorter
 * window draws the fixed top bar and skip link where the window was scrolled to, mid-page.
 */
async function wholePage(page: Page, width: number, file: string) {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file });
}

/** A point of the clip (its own pixels) on the page. */
async function onPage(page: Page, point: { x: number; y: number }) {
  const box = await pictureBox(page);
  return {
    x: box.x + (point.x / CLIP.width) * box.width,
    y: box.y + (point.y / CLIP.height) * box.height,
  };
}

test('a coach calibrates on a plate, tracks the bar path of a squat, reads its peak speed, corrects a frame, plots the knee angle, downloads the CSV, exports it burned in and sees it in Compare beside another take', async ({
  page,
}) => {
  // The scan (about a minute of CPU on two cores), two runs of the tracker over one rep, an
  // export of that rep.
  test.setTimeout(300_000);
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  const video = await uploadThroughApi(
    page,
    'Side squat',
    fixtureVideo('squat_side-barbell-studio.mp4'),
  );
  // The other take for Compare, prepared while the squat is scanned. Longer than the measuring
  // server's automatic analysis (14 s), so it is not scanned too: Compare needs only its picture.
  const take = await uploadThroughApi(
    page,
    'Deadlift take',
    fixtureVideo('deadlift_front-barbell-garage.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/videos/${video.id}`)).json()) as {
            analysis: unknown;
          }
        ).analysis !== null,
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe(true);

  await page.goto(`/videos/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Side squat' })).toBeVisible();
  // The first frame can take a while on a loaded machine (it once took over the default 7 s).
  await expect
    .poll(async () => (await videoState(page)).readyState, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  // Mark the first rep with I and O: the track stops at its out point, the export keeps it.
  await pauseAt(page, FIRST_REP.end);
  await player(page).focus();
  await page.keyboard.press('o');
  await pauseAt(page, FIRST_REP.start);
  await page.keyboard.press('i');
  await expect(page.getByTestId('timeline-range-chip').getByRole('status')).toHaveText(
    'Range 0:01.4 to 0:03.6',
  );
  await page.getByRole('tab', { name: 'Measure' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Measure' });
  await expect(panel.getByText('Not calibrated')).toBeVisible();

  // Calibrate: a line across the near plate, 0.45 m.
  await panel.getByRole('button', { name: 'Draw line' }).click();
  const from = await onPage(page, PLATE_LEFT);
  const to = await onPage(page, PLATE_RIGHT);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await panel.getByLabel('Real length (m)').fill('0.45');
  await expect(panel.getByTestId('calibration-status')).toContainText(/1 px = 3\.\d\d mm/);
  await expect(page.getByTestId('calibration-line')).toContainText('0.45 m');

  // Bar path: pick the hub of the plate; the tracker runs in its worker with progress shown.
  await panel.getByRole('button', { name: 'Bar path' }).click();
  const hub = await onPage(page, HUB_STANDING);
  await page.mouse.click(hub.x, hub.y);
  await expect(panel.getByRole('progressbar', { name: 'Tracking the bar' })).toBeVisible();
  const started = Date.now();
  await expect(panel.getByTestId('peak-speed')).toBeVisible({ timeout: 120_000 });
  const trackingSeconds = (Date.now() - started) / 1000;
  const peak = Number((await panel.getByTestId('peak-speed').textContent())!.replace(' m/s', ''));
  console.info(
    `tracked ${FIRST_REP.end - FIRST_REP.start} s of clip in ${trackingSeconds.toFixed(1)} s; peak bar speed ${peak} m/s`,
  );
  // A loaded back squat's bar peaks well under 2 m/s; a lost track would jump far faster.
  expect(peak).toBeGreaterThan(0.3);
  expect(peak).toBeLessThan(2);

  // The path is on the bar: at the first bottom the handle sits on the hand-marked hub. Polled:
  // the layer learns of the seek a moment after it (a loaded browser read the old frame's
  // handle twice, a standing hub 34 px off).
  await pauseAt(page, HUB_AT_FIRST_BOTTOM.t);
  const handle = page.getByTestId('track-handle');
  const marked = await onPage(page, HUB_AT_FIRST_BOTTOM);
  const scale = (await pictureBox(page)).width / CLIP.width;
  await expect
    .poll(async () => {
      const box = await handle.boundingBox();
      if (!box) return Infinity;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return Math.max(Math.abs(centre.x - marked.x), Math.abs(centre.y - marked.y)) / scale;
    })
    .toBeLessThan(20);
  await page.screenshot({ path: 'e2e/.artifacts/measure-1440.png' });

  // Correct this frame with the keyboard: the track re-runs from here.
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('progressbar', { name: 'Tracking the bar' })).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Tracking the bar' })).toBeHidden({
    timeout: 120_000,
  });
  await expect(panel.getByTestId('peak-speed')).toBeVisible();

  // The knee angle through the set, from the scan, its range marked.
  await panel.getByLabel('Angle over time').selectOption({ label: 'Left knee' });
  const chart = panel.getByTestId('angle-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('angle-chart-min')).toBeVisible();
  const range = await panel.getByText(/^Min \d+° at/).textContent();
  const [low, high] = [...range!.matchAll(/(\d+)°/g)].map((match) => Number(match[1]));
  expect(low).toBeLessThan(100);
  expect(high).toBeGreaterThan(150);
  // A click on the chart seeks the video; the cursor follows.
  const cursor = panel.getByTestId('angle-chart-cursor');
  const before = Number(await cursor.getAttribute('x1'));
  const chartBox = (await chart.boundingBox())!;
  await chart.click({ position: { x: chartBox.width * 0.75, y: chartBox.height / 2 } });
  await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThan(5);
  await expect.poll(async () => Number(await cursor.getAttribute('x1'))).toBeGreaterThan(before);
  await expect(panel.getByTestId('angle-now')).toHaveText(/^\d+°$/);

  // A stopwatch over the rise from the first bottom: its marks go into the CSV too.
  await pauseAt(page, HUB_AT_FIRST_BOTTOM.t);
  await panel.getByRole('button', { name: 'Mark start at the playhead' }).click();
  await pauseAt(page, FIRST_REP.end);
  await panel.getByRole('button', { name: 'Mark end at the playhead' }).click();
  await panel.getByLabel('What the stopwatch times').selectOption('Time to the top');

  // Saved with the video, and the series as CSV.
  await panel.getByRole('button', { name: 'Save measurements' }).click();
  await expectToast(page, 'Success', 'Measurements saved');
  const saved = (await (await page.request.get(`/api/videos/${video.id}/measurements`)).json()) as {
    subject: { kind: string };
    calibration: { metres: number } | null;
  }[];
  expect(saved.map((measurement) => measurement.subject.kind).sort()).toEqual([
    'angle',
    'stopwatch',
    'tracked-point',
  ]);
  expect(saved[0]!.calibration?.metres).toBe(0.45);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe(
    'series,clip_time_s,real_time_s,x_m,height_m,speed_m_per_s,acceleration_m_per_s2,angle_deg,stopwatch_start_clip_s,stopwatch_end_clip_s,stopwatch_real_s',
  );
  // Real-time footage: the rise took the clip's own 1.35 s.
  expect(lines.find((line) => line.startsWith('Time to the top,'))).toBe(
    'Time to the top,2.25,2.25,,,,,,2.25,3.6,1.35',
  );
  // A sample a frame over the rep, less the few a loaded browser skips and the fit's ends.
  const barRows = lines.filter((line) => line.startsWith('bar,'));
  expect(barRows.length).toBeGreaterThan(30);
  // The track stopped at the marked out point.
  expect(Math.max(...barRows.map((line) => Number(line.split(',')[1])))).toBeLessThanOrEqual(
    FIRST_REP.end + 0.05,
  );
  expect(lines.some((line) => line.startsWith('Left knee,'))).toBe(true);

  // Exported with the measurements burned in (alone and over the marked rep, so the render is
  // quick): the bar path's cyan is on the exported frame at the first bottom, and was not on
  // the clip's own.
  await page.getByRole('button', { name: 'Export video' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export video' });
  await expect(
    exportDialog.getByRole('radio', { name: /^Marked range 1\.4s – 3\.6s/ }),
  ).toBeChecked();
  await expect(exportDialog.getByRole('checkbox', { name: 'Measurements' })).toBeChecked();
  for (const other of ['Drawings', 'Pose skeleton', 'Coaching guides', 'Voice notes']) {
    await exportDialog.getByRole('checkbox', { name: other }).uncheck();
  }
  await exportDialog.getByRole('button', { name: 'Start export' }).click();
  const exportLink = exportDialog.getByRole('link', { name: 'Download MP4' });
  await expect(exportLink).toBeVisible({ timeout: 120_000 });
  const [exportFile] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  const exported = test.info().outputPath('measured-export.mp4');
  await exportFile.saveAs(exported);
  const source = test.info().outputPath('source.mp4');
  await writeFile(
    source,
    await (await page.request.get(`/uploads/videos/${video.id}/media.mp4`)).body(),
  );
  // The export starts at the range's in point.
  const burned = await barCyanPixels(
    exported,
    HUB_AT_FIRST_BOTTOM.t - FIRST_REP.start,
    'export-bottom',
  );
  const plain = await barCyanPixels(source, HUB_AT_FIRST_BOTTOM.t, 'source-bottom');
  expect(burned).toBeGreaterThan(plain + 40);
  await page.keyboard.press('Escape');

  // In Compare beside another take: A's bar path and its values over A's own picture, moving
  // with the shared playhead; B, measured nothing, shows none.
  await waitUntilPrepared(page, take.id);
  await page.goto(`/compare?a=${video.id}@2&b=${take.id}@0`);
  // Two videos' details and the route's own code: slow on a loaded machine.
  await expect(page.getByTestId('compare-session')).toBeVisible({ timeout: 30_000 });
  const values = page.getByTestId('compare-values-a');
  await expect(values).toContainText(/Bar path \d+\.\d+ m\/s/, { timeout: 30_000 });
  await expect(values).toContainText(/Left knee \d+°/);
  await expect(page.getByTestId('compare-path-b')).toHaveCount(0);
  const dot = page.getByTestId('compare-path-a').locator('circle');
  const dotBefore = Number(await dot.getAttribute('cy'));
  // Eight frames on (the period steps both sides): the bar has moved down towards the bottom.
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('.');
  await expect
    .poll(async () => Number(await dot.getAttribute('cy')))
    .toBeGreaterThan(dotBefore + 5);
  await page.getByTestId('compare-player-a').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/.artifacts/measure-compare-1440.png' });
  // Compare on a phone: the two takes one above the other, the values still beside their own.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(values).toContainText(/Bar path \d+\.\d+ m\/s/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'e2e/.artifacts/measure-compare-375.png', fullPage: true });

  // At 375 px the tab still reads: the panels sit under the player.
  await page.goto(`/videos/${video.id}`);
  await page.getByRole('tab', { name: 'Measure' }).click();
  await expect(page.getByTestId('angle-chart')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('peak-speed')).toBeVisible();
  // The line can be drawn by keyboard too: Enter keeps the first end, Shift+arrows stretch the
  // second a tenth of the picture to the right, Enter sets the longer line.
  await page.getByRole('button', { name: 'Redraw line' }).click();
  await expect(page.getByRole('application', { name: /line’s first end/ })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calibration-status')).toContainText(/1 px = 2\.\d\d mm/);
  // On a court marking instead, by keyboard: a rectangle of typed sides, Enter places its four
  // corners, one moves with the arrow keys; the bar's travel then reads in metres on the ground.
  await page.getByRole('radio', { name: 'A court marking on the ground' }).check();
  await page.getByLabel('Court marking', { exact: true }).selectOption('custom');
  await page.getByLabel('Corner 1 to 2 (m)').fill('2');
  await page.getByLabel('Corner 2 to 3 (m)').fill('3');
  await page.getByRole('button', { name: 'Mark corners' }).click();
  await expect(page.getByRole('application', { name: /corner 1 of 4/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Corner 1 of the rectangle/ }).focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('calibration-status')).toContainText(
    /1 px = up to \d+\.\d mm on the ground at the rectangle’s centre/,
  );
  await expect(
    page.getByTestId('plane-quad').locator('[data-testid^="plane-corner-"]'),
  ).toHaveCount(4);
  await expect(page.getByTestId('height-chart')).toHaveAttribute(
    'aria-label',
    /^Along the court, corner 2 to 3/,
  );
  await expect(page.getByTestId('height-chart')).toHaveAttribute('aria-valuetext', /: \d+\.\d+ m$/);
  await expect(page.getByTestId('peak-speed')).toHaveText(/^\d+\.\d+ m\/s$/);
  // The hip's path on the court: above the ground, so its distances and speeds there are
  // approximate, and the tab says so.
  await page.getByLabel('Joint path').selectOption('left_hip');
  await expect(page.getByTestId('above-ground')).toHaveText(/^Left hip is above the ground: /);
  // Nothing runs off the side of the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await wholePage(page, 375, 'e2e/.artifacts/measure-375.png');
  await wholePage(page, 1440, 'e2e/.artifacts/measure-plane-1440.png');
  await expect(page.getByTestId('peak-speed')).toHaveText(/^\d+\.\d+ m\/s$/);
  // The bar rides on the shoulders, far above the athlete's feet: off the ground on the court,
  // its peak speed too.
  await expect(page.getByTestId('off-ground')).toHaveText(/^Off the ground at /);
  await expect(page.getByTestId('peak-when')).toHaveText(/, off the ground$/);
});
