import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

type VideoSummary = {
  id: string;
  title: string;
  status: 'processing' | 'ready' | 'failed';
  duration: number | null;
  url: string | null;
};

const MIME_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

/** Uploads straight through the API (this page's cookies), for tests about something else. */
export async function uploadThroughApi(page: Page, title: string, file: string) {
  const response = await page.request.post('/api/videos', {
    multipart: {
      title,
      description: `${title}, filmed at practice.`,
      video: {
        name: path.basename(file),
        mimeType: MIME_TYPES[path.extname(file)] ?? 'application/octet-stream',
        buffer: await readFile(file),
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as VideoSummary;
}

/** Waits for the server to finish preparing a video (the test's own check, not the app's). */
export async function waitUntilPrepared(page: Page, id: string, timeout = 60_000) {
  let video: VideoSummary | undefined;
  await expect
    .poll(
      async () => {
        video = (await (await page.request.get(`/api/videos/${id}`)).json()) as VideoSummary;
        return video.status;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .not.toBe('processing');
  return video!;
}

/** Fills in the upload form as a person would. */
export async function fillUploadForm(page: Page, title: string, file: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Video File').setInputFiles(file);
}

export function videoCard(page: Page, title: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

export function player(page: Page): Locator {
  return page.getByRole('group', { name: /^Video player/ });
}

/** Reads a property of the page's <video> element. */
export async function videoState(page: Page) {
  return page.locator('video').evaluate((video: HTMLVideoElement) => ({
    currentTime: video.currentTime,
    paused: video.paused,
    playbackRate: video.playbackRate,
    readyState: video.readyState,
    currentSrc: video.currentSrc,
    videoWidth: video.videoWidth,
  }));
}

/** Starts playback the way a person would: focus the player, press Space. */
export async function playWithKeyboard(page: Page) {
  await player(page).focus();
  await page.keyboard.press('Space');
  await expect
    .poll(async () => (await videoState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.5);
}

/** Pauses the player at a moment, as the test's own set-up (not what is under test). */
export async function pauseAt(page: Page, seconds: number) {
  await page.locator('video').evaluate(
    (video: HTMLVideoElement, time) =>
      new Promise<void>((resolve) => {
        video.pause();
        video.addEventListener('seeked', () => resolve(), { once: true });
        video.currentTime = time;
      }),
    seconds,
  );
}

/**
 * Where the picture really is on the page: the portrait squats clip sits between black bars
 * in the 16:9 frame. Worked out here independently of the app, from the element's video size.
 */
export async function pictureBox(page: Page) {
  const frame = (await player(page).boundingBox())!;
  const size = await page
    .locator('video')
    .evaluate((video: HTMLVideoElement) => ({ w: video.videoWidth, h: video.videoHeight }));
  const scale = Math.min(frame.width / size.w, frame.height / size.h);
  const width = size.w * scale;
  const height = size.h * scale;
  return {
    frame,
    x: frame.x + (frame.width - width) / 2,
    y: frame.y + (frame.height - height) / 2,
    width,
    height,
  };
}
