import { expect, test } from '@playwright/test';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { playWithKeyboard, uploadThroughApi, waitUntilPrepared } from './video-support';

type StreamingView = { id: string; streamUrl: string | null; storyboardUrl: string | null };
type Tile = { start: number; end: number; sheet: string; region: string };

/** The storyboard's cues, read here independently of the app. */
function storyboardTiles(vtt: string, vttUrl: string): Tile[] {
  const time = (text: string) =>
    text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return [...vtt.matchAll(/([\d:.]+) --> ([\d:.]+)\n(\S+)#xywh=(\S+)/g)].map((cue) => ({
    start: time(cue[1]!),
    end: time(cue[2]!),
    sheet: new URL(cue[3]!, `http://x${vttUrl}`).pathname,
    region: cue[4]!,
  }));
}

test('the video streams through HLS, switches rendition, and the timeline previews frames', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerThroughApi(page, newAccount('coach'));
  const uploaded = await uploadThroughApi(
    page,
    'Streamed squats',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, uploaded.id);
  const view = (await (
    await page.request.get(`/api/videos/${uploaded.id}`)
  ).json()) as StreamingView;
  expect(view.streamUrl).toMatch(/\/hls\/master\.m3u8$/);

  await page.goto(`/videos/${uploaded.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Streamed squats' })).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('data-stream', 'hls.js', { timeout: 15_000 });
  // hls.js has read the master playlist: both renditions of the 720×1280 source, none above.
  await expect
    .poll(() =>
      video.evaluate((element) =>
        (element as HTMLVideoElement & { hls?: { levels: { height: number }[] } }).hls?.levels.map(
          (level) => level.height,
        ),
      ),
    )
    .toEqual([640, 1280]);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);

  // A forced switch lands, either way: the picture decoded while playing is the chosen
  // rendition's.
  await playWithKeyboard(page);
  for (const [level, width] of [
    [1, 720],
    [0, 360],
  ] as const) {
    await video.evaluate((element, chosen) => {
      (element as HTMLVideoElement & { hls: { currentLevel: number } }).hls.currentLevel = chosen;
    }, level);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth))
      .toBe(width);
  }
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  // The frame can still be grabbed (a note's still): Media Source keeps the canvas clean.
  const still = await video.evaluate((element: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')!.drawImage(element, 0, 0);
    return canvas.toDataURL('image/jpeg').slice(0, 23);
  });
  expect(still).toBe('data:image/jpeg;base64,');

  // Hovering the timeline shows the storyboard tile of the time under the pointer.
  const vttUrl = view.storyboardUrl!;
  const tiles = storyboardTiles(await (await page.request.get(vttUrl)).text(), vttUrl);
  const duration = tiles.at(-1)!.end;
  const scrub = page.getByRole('slider', { name: 'Seek' });
  await expect(scrub).toHaveAttribute('aria-valuetext', /^\d:\d\d of 0:13$/);
  const box = (await scrub.boundingBox())!;
  const preview = page.getByTestId('scrub-preview');
  await expect(preview).toHaveCount(0);
  for (const fraction of [0.2, 0.7]) {
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
    const at = duration * fraction;
    const expected = tiles.find((tile) => tile.start <= at && at < tile.end)!;
    await expect(preview).toHaveAttribute('data-sheet', expected.sheet);
    await expect(preview).toHaveAttribute('data-region', expected.region);
    await expect(preview).toContainText(`0:${String(Math.floor(at)).padStart(2, '0')}`);
    expect((await page.request.get(expected.sheet)).headers()['content-type']).toBe('image/jpeg');
  }
  // Moving away hides it; dragging seeks, with the preview following.
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await expect(preview).toHaveCount(0);
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 4 });
  await expect(preview).toBeVisible();
  await page.mouse.up();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeCloseTo(duration * 0.8, 0);
  const landed = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect(scrub).toHaveAttribute('aria-valuenow', String(Math.round(landed)));
});
