import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { formatMoment, type AthleteReading } from '@filmroom/contract';
import { expectAccessible } from './a11y-support';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

// The measuring server: the squats clip needs its real analysis (its reps' key moments and
// poses) to be synced on the bottom of a rep. One test, so the suite pays for one scan.
test.use({ baseURL: process.env.FILMROOM_E2E_MEASURED_URL });

type Detail = {
  analysisState: { status: 'scanning' | 'analysing' | 'ready' | 'failed' } | null;
  analysis: {
    athletes?: AthleteReading[];
    coachingPoints?: { timestamp: number; title: string }[];
  } | null;
};

function side(page: Page, key: 'a' | 'b'): Locator {
  return page.getByTestId(`compare-player-${key}`);
}

async function sideTime(page: Page, key: 'a' | 'b') {
  return side(page, key)
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);
}

/** The moments the address holds, as a person sharing it would read them. */
function moments(page: Page) {
  const url = new URL(page.url());
  const [a, b] = ['a', 'b'].map((key) => {
    const [videoId, seconds] = (url.searchParams.get(key) ?? '').split('@');
    return { videoId, seconds: Number(seconds) };
  });
  return { a: a!, b: b!, overlay: url.searchParams.get('overlay') === '1' };
}

async function expectBothReady(page: Page) {
  await expect(side(page, 'a')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(side(page, 'b')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
}

test('two squat reps compared on the bottom of the rep, with the overlay and both skeletons, then another video', async ({
  page,
}, testInfo) => {
  // The scan is about a minute of CPU for this 13 s clip on two cores shared with the suite.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  const squats = await uploadThroughApi(
    page,
    'Back squats',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, squats.id);
  const detailOf = async (id: string) =>
    (await (await page.request.get(`/api/videos/${id}`)).json()) as Detail;
  await expect
    .poll(async () => (await detailOf(squats.id)).analysisState?.status, {
      timeout: 240_000,
      intervals: [1000, 2000],
    })
    .toBe('ready');
  const bottoms = (await detailOf(squats.id)).analysis!.athletes![0]!.events.filter(
    (event) => event.name === 'bottom',
  );
  expect(bottoms.length).toBeGreaterThanOrEqual(2);
  const [rep1, rep2] = bottoms as [(typeof bottoms)[0], (typeof bottoms)[0]];

  // From the video page: Compare opens the library picker for the other side.
  await page.goto(`/videos/${squats.id}`);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Compare with another take' });
  await expect(picker.getByRole('searchbox', { name: 'Search videos' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A coaching point's "Compare with another take" starts A at the point: here the same video
  // again, for another moment.
  const point = (await detailOf(squats.id)).analysis!.coachingPoints![0]!;
  await page
    .getByRole('button', { name: `Compare with another take: ${point.title}` })
    .first()
    .click();
  await picker.getByRole('searchbox', { name: 'Search videos' }).fill('squats');
  await picker.getByRole('button', { name: /Back squats.*This video, another moment/ }).click();
  await expect(page).toHaveURL(/\/compare\?/);
  expect(moments(page).a.videoId).toBe(squats.id);
  expect(moments(page).a.seconds).toBeCloseTo(point.timestamp, 2);
  expect(moments(page).b).toEqual({ videoId: squats.id, seconds: 0 });
  await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible();
  await expectBothReady(page);

  // Both sides are a squat: each syncs on a detected key moment, rep 1 against rep 2.
  const label = (event: { label: string; t: number }) =>
    `${event.label} · ${formatMoment(event.t)}`;
  await page.getByLabel('Key moment to sync A on').selectOption({ label: label(rep1) });
  // A's choice is in the address before B is chosen (each choice rewrites the address).
  await expect.poll(() => moments(page).a.seconds).toBeCloseTo(rep1.t, 2);
  await page.getByLabel('Key moment to sync B on').selectOption({ label: label(rep2) });
  await expect.poll(() => moments(page).b.seconds).toBeCloseTo(rep2.t, 2);
  // Aligned: each side shows its own bottom at the shared zero.
  await expect.poll(() => sideTime(page, 'a')).toBeCloseTo(rep1.t, 1);
  await expect.poll(() => sideTime(page, 'b')).toBeCloseTo(rep2.t, 1);
  await expect(page.getByTestId('compare-sync-point-b')).toHaveText(
    `Sync point at ${rep2.t.toFixed(2)} s`,
  );

  // One control bar drives both: play, pause, and the two stay the offset apart.
  await page.getByRole('button', { name: 'Play both' }).click();
  await expect(page.getByTestId('compare-session')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => sideTime(page, 'a'), { timeout: 15_000 }).toBeGreaterThan(rep1.t + 0.3);
  await page.getByRole('button', { name: 'Pause both' }).click();
  await expect(page.getByTestId('compare-session')).toHaveAttribute('data-playing', 'false');
  await expect
    .poll(async () => (await sideTime(page, 'b')) - (await sideTime(page, 'a')))
    .toBeCloseTo(rep2.t - rep1.t, 2);
  // Period steps both one frame on.
  const before = await sideTime(page, 'a');
  await page.getByRole('slider', { name: 'Shared timeline' }).focus();
  await page.keyboard.press('.');
  await expect.poll(() => sideTime(page, 'a')).toBeGreaterThan(before + 0.02);
  await expect
    .poll(async () => (await sideTime(page, 'b')) - (await sideTime(page, 'a')))
    .toBeCloseTo(rep2.t - rep1.t, 2);

  // Overlay: B over A at half opacity, both skeletons in their two colours.
  await page.getByRole('button', { name: 'Overlay' }).click();
  await expect(page.getByRole('button', { name: 'Overlay' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(moments(page).overlay).toBe(true);
  await page.getByRole('checkbox', { name: 'Skeletons' }).check();
  for (const key of ['a', 'b'] as const) {
    await expect(page.getByTestId(`compare-skeleton-${key}`).locator('line').first()).toBeVisible();
  }
  const colours = await Promise.all(
    (['a', 'b'] as const).map((key) =>
      page.getByTestId(`compare-skeleton-${key}`).locator('line').first().getAttribute('stroke'),
    ),
  );
  expect(colours[0]).not.toBe(colours[1]);
  await expect(side(page, 'b')).toHaveCSS('opacity', '0.5');
  // B over A: the same box.
  const boxA = (await side(page, 'a').boundingBox())!;
  const boxB = (await side(page, 'b').boundingBox())!;
  expect(boxB).toEqual(boxA);
  // Nudging B by a frame moves its sync point (and the address) by a frame.
  const syncB = moments(page).b.seconds;
  await page.getByRole('button', { name: 'Nudge B forward one frame' }).click();
  await expect.poll(() => moments(page).b.seconds).toBeCloseTo(syncB + 1 / 30, 2);
  await page.keyboard.press('[');
  await expect.poll(() => moments(page).b.seconds).toBeCloseTo(syncB, 2);

  // The numbers: both knee-angle curves on one axis, and each side read at its own rep (the
  // same video's whole-clip records would be the same on both sides).
  await expect(page.getByTestId('compare-metric-line-a').first()).toBeVisible();
  await expect(page.getByTestId('compare-metric-line-b').first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Knee angle at each side’s synced rep' });
  await expect(table.getByRole('columnheader', { name: 'Difference (B − A)' })).toBeVisible();
  await expect(table.locator('tr[data-metric="rep"] td').nth(0)).toHaveText(/^Rep 1 of \d+$/);
  await expect(table.locator('tr[data-metric="rep"] td').nth(1)).toHaveText(/^Rep 2 of \d+$/);
  await expect(page.getByTestId('compare-same-video')).toBeVisible();
  await testInfo.attach('compare-1440', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // The address is the comparison: opened again, it is the same.
  const shared = page.url();
  await page.goto(shared);
  await expectBothReady(page);
  await expect.poll(() => sideTime(page, 'a')).toBeCloseTo(rep1.t, 1);
  await expect(page.getByRole('button', { name: 'Overlay' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page, 'Compare');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Overlay' }).click();
  await testInfo.attach('compare-375', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  // Side by side on a phone too: B beside A, not a screen further down.
  const phoneA = (await side(page, 'a').boundingBox())!;
  const phoneB = (await side(page, 'b').boundingBox())!;
  expect(phoneB.y).toBeCloseTo(phoneA.y, 0);
  expect(phoneB.x).toBeGreaterThanOrEqual(phoneA.x + phoneA.width);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Then a different video on B, picked from the library.
  const golf = await uploadThroughApi(
    page,
    'Driver, down the line',
    fixtureVideo('golf_down-the-line-simulator-indoor.mp4'),
  );
  await waitUntilPrepared(page, golf.id);
  await page.getByRole('button', { name: 'Change video B' }).click();
  const change = page.getByRole('dialog', { name: 'Pick video B' });
  await change.getByRole('button', { name: /Driver, down the line/ }).click();
  await expect.poll(() => moments(page).b.videoId).toBe(golf.id);
  expect(moments(page).a.videoId).toBe(squats.id);
  expect(moments(page).a.seconds).toBeCloseTo(rep1.t, 2);
  await expectBothReady(page);
  await expect(page.getByTestId('compare-player-b').locator('video')).toHaveAccessibleName(
    'B: Driver, down the line',
  );
  // A squat against a golf swing: no key moments in common to offer.
  await expect(page.getByLabel('Key moment to sync A on')).toHaveCount(0);

  // A side this coach cannot see says so, on its side.
  await page.goto(`/compare?a=${squats.id}@1&b=${crypto.randomUUID()}@2`);
  await expect(page.getByRole('heading', { name: 'Video B not found' })).toBeVisible();
  await expect(
    page.getByText('It may have been deleted, or it was never shared with you.'),
  ).toBeVisible();
  await page.goto(`/compare?a=${squats.id}@1&b=nonsense`);
  await expect(page.getByText('This link names no video.')).toBeVisible();
});
