import { expect, test } from '@playwright/test';
import { decodePicture, ffmpegPath, makeStill, probeMedia, runMediaTool } from '@filmroom/media';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './a11y-support';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { pauseAt, player, uploadThroughApi, videoState, waitUntilPrepared } from './video-support';

// The measuring server: the skeleton needs the clip's real measured poses, and it works every
// queue (the export's too). One test, so the suite pays for one scan.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const speech = path.resolve(repoRoot, '../shared/fixtures/audio/go_forward_ten_meters.wav');

type Picture = Awaited<ReturnType<typeof decodePicture>>;

/** The RGB at (x, y) percent of a decoded picture. */
function rgbAt(picture: Picture, x: number, y: number) {
  const column = Math.round((x / 100) * (picture.width - 1));
  const row = Math.round((y / 100) * (picture.height - 1));
  const offset = (row * picture.width + column) * 3;
  return [...picture.data.slice(offset, offset + 3)];
}

/** How many pixels are close to the skeleton's left-side blue (#38bdf8). */
function skeletonBluePixels(picture: Picture) {
  let count = 0;
  for (let offset = 0; offset < picture.data.length; offset += 3) {
    const [r, g, b] = [picture.data[offset]!, picture.data[offset + 1]!, picture.data[offset + 2]!];
    if (Math.abs(r - 0x38) < 35 && Math.abs(g - 0xbd) < 35 && Math.abs(b - 0xf8) < 35) count++;
  }
  return count;
}

/** A frame of a file, decoded (ffmpeg here is the test's, not the app's). */
async function frameAt(file: string, seconds: number, name: string) {
  const still = test.info().outputPath(`${name}.png`);
  await makeStill(file, still, { atSeconds: seconds, longSide: 1280 });
  return decodePicture(still, 1280);
}

test('a coach exports a marked range of the squats clip with a drawing, the skeleton and a voice note, and the file shows them; a playlist of two clips exports as one file as long as both', async ({
  page,
}) => {
  // The scan is about a minute of CPU for this 13 s clip on two cores shared with the suite.
  test.setTimeout(300_000);
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  const video = await uploadThroughApi(
    page,
    'Squats export',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id);
  await expect
    .poll(
      async () => {
        const detail = (await (await page.request.get(`/api/videos/${video.id}`)).json()) as {
          analysisState: { status: string } | null;
        };
        return detail.analysisState?.status;
      },
      { timeout: 240_000, intervals: [1000, 2000] },
    )
    .toBe('ready');

  // A red line across the top right at 3 s (shown 3 s), and a voice note at 3.5 s.
  const drawn = await page.request.post(`/api/videos/${video.id}/annotations`, {
    data: {
      content: 'Chest up through the bottom',
      timestamp: 3,
      xPosition: 50,
      yPosition: 50,
      drawing: {
        shapes: [
          {
            kind: 'line',
            colour: '#ff3b30',
            width: 'thick',
            from: { x: 55, y: 12 },
            to: { x: 95, y: 12 },
          },
        ],
      },
    },
  });
  expect(drawn.status()).toBe(201);
  const voice = test.info().outputPath('voice.webm');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), ['-hide_banner', '-y', '-i', speech, '-c:a', 'libopus', voice]);
  const voiced = await page.request.post(`/api/videos/${video.id}/annotations`, {
    multipart: {
      timestamp: '3.5',
      xPosition: '40',
      yPosition: '40',
      audio: { name: 'note.webm', mimeType: 'audio/webm', buffer: await readFile(voice) },
    },
  });
  expect(voiced.status()).toBe(201);

  await page.goto(`/videos/${video.id}`);
  // Generous: this server scans other specs' clips meanwhile, and on a loaded two-core machine
  // the first frame can take several seconds (the last CI waited more than 7).
  await expect
    .poll(async () => (await videoState(page)).readyState, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  await pauseAt(page, 2);
  await player(page).focus();
  await page.keyboard.press('i');
  await pauseAt(page, 6);
  await page.keyboard.press('o');
  await expect(page.getByTestId('timeline-range-chip').getByRole('status')).toHaveText(
    'Range 0:02.0 to 0:06.0',
  );

  await page.getByRole('button', { name: 'Export video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export video' });
  await expect(dialog.getByRole('radio', { name: /^Marked range 2\.0s – 6\.0s/ })).toBeChecked();
  for (const overlay of ['Drawings', 'Pose skeleton', 'Voice notes']) {
    await expect(dialog.getByRole('checkbox', { name: overlay })).toBeChecked();
  }
  await expectAccessible(page, 'export dialog');
  await page.screenshot({ path: test.info().outputPath('export-dialog-1440.png') });

  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  const download = dialog.getByRole('link', { name: 'Download MP4' });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: test.info().outputPath('export-ready-1440.png') });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Squats-export-.+\.mp4$/);
  const saved = test.info().outputPath('export.mp4');
  await file.saveAs(saved);

  const exported = await probeMedia(saved);
  expect(exported.video?.codec).toBe('h264');
  expect(exported.audio).not.toBeNull();
  expect(exported.duration).toBeGreaterThan(3.7);
  expect(exported.duration).toBeLessThan(4.3);
  // 1.5 s into the export is 3.5 s into the clip: the line is on the picture.
  const picture = await frameAt(saved, 1.5, 'export-frame');
  const [r, g, b] = rgbAt(picture, 75, 12);
  expect(r).toBeGreaterThan(200);
  expect(g).toBeLessThan(110);
  expect(b).toBeLessThan(110);
  // The skeleton's blue is on the exported frame, and was not on the clip's own.
  const source = await page.request.get(`/uploads/videos/${video.id}/media.mp4`);
  const sourceFile = test.info().outputPath('source.mp4');
  await writeFile(sourceFile, await source.body());
  const original = await frameAt(sourceFile, 3.5, 'source-frame');
  expect(skeletonBluePixels(picture)).toBeGreaterThan(skeletonBluePixels(original) + 40);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('export-ready-375.png') });
  // Closed, the page's actions still fit a phone with the export's button among them.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('video-page-375.png') });

  // A playlist of two clips of it exports as one file as long as both clips, from its own page.
  const clipIds: string[] = [];
  for (const [title, start, end] of [
    ['Descent', 2, 4],
    ['Drive up', 5, 6.5],
  ] as const) {
    const made = await page.request.post('/api/clips', {
      data: { videoId: video.id, title, start, end },
    });
    expect(made.status()).toBe(201);
    clipIds.push(((await made.json()) as { id: string }).id);
  }
  const playlist = await page.request.post('/api/playlists', {
    data: { title: 'Squat reel', clipIds },
  });
  expect(playlist.status()).toBe(201);
  await page.goto(`/playlists/${((await playlist.json()) as { id: string }).id}`);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const reelDialog = page.getByRole('dialog', { name: 'Export playlist' });
  await expect(reelDialog.getByRole('radio')).toHaveCount(0);
  await reelDialog.getByRole('button', { name: 'Start export' }).click();
  const reelDownload = reelDialog.getByRole('link', { name: 'Download MP4' });
  await expect(reelDownload).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: test.info().outputPath('playlist-export-ready-375.png') });
  const [reelFile] = await Promise.all([page.waitForEvent('download'), reelDownload.click()]);
  expect(reelFile.suggestedFilename()).toMatch(/^Squat-reel-.+\.mp4$/);
  const reel = test.info().outputPath('reel.mp4');
  await reelFile.saveAs(reel);
  const joined = await probeMedia(reel);
  expect(joined.video?.codec).toBe('h264');
  expect(joined.duration).toBeGreaterThan(3.3);
  expect(joined.duration).toBeLessThan(3.8);

  // Both files wait on the Playlists page under Your exports, until one is deleted.
  await page.goto('/playlists');
  const exports = page.getByRole('region', { name: 'Your exports' }).getByRole('listitem');
  await expect(exports).toHaveCount(2);
  await expect(exports.first()).toContainText('Playlist: Squat reel');
  await expect(exports.nth(1)).toContainText('Video: Squats export');
  await expect(exports.first().getByRole('link', { name: 'Download Squat reel' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('exports-375.png'), fullPage: true });
  await exports.first().getByRole('button', { name: 'Delete the export of Squat reel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete export?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(exports).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('exports-1440.png'), fullPage: true });
});
