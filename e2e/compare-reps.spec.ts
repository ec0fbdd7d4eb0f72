import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { formatMoment, type MovementEvent } from '@filmroom/contract';
import { fixtureAnalysis, fixtureReading, showAnalysis } from './analysis-fixture';
import { fixtureVideo } from './media';
import { newAccount, registerThroughApi } from './support';
import { uploadThroughApi, waitUntilPrepared } from './video-support';

/**
 * Issue 29 item 7: two reps of one video compared. The suite's server does not scan, so the
 * page is given the reading the coach engine measured on this clip (its three squat reps' key
 * moments and its knee-angle series at 5 frames a second, from the evaluation's scan).
 */
const EVENTS: MovementEvent[] = [
  { name: 'descent_start', label: 'Descent starts (rep 1)', t: 0.8 },
  { name: 'bottom', label: 'Bottom of rep 1', t: 2.4 },
  { name: 'lockout', label: 'Lockout (rep 1)', t: 3.4 },
  { name: 'descent_start', label: 'Descent starts (rep 2)', t: 5.46 },
  { name: 'bottom', label: 'Bottom of rep 2', t: 6.6 },
  { name: 'lockout', label: 'Lockout (rep 2)', t: 8.2 },
  { name: 'descent_start', label: 'Descent starts (rep 3)', t: 10.25 },
  { name: 'bottom', label: 'Bottom of rep 3', t: 12 },
];
// prettier-ignore
const KNEE_ANGLE: [number, number][] = [
  [0, 177.8], [0.2, 176.4], [0.4, 177.4], [0.6, 162.1], [0.8, 158.2], [1, 150.1], [1.2, 132.9],
  [1.4, 125.4], [1.6, 114], [1.8, 111.5], [2, 107.6], [2.2, 106.6], [2.4, 98], [2.6, 122.4],
  [2.8, 132.7], [3, 146.3], [3.2, 152.2], [3.4, 165.5], [3.6, 171.3], [3.8, 170], [4, 173.7],
  [4.2, 173.1], [4.4, 178.1], [4.6, 178.1], [4.8, 175.2], [5, 175.6], [5.2, 173.2], [5.4, 161.9],
  [5.6, 154.7], [5.8, 153.3], [6, 136.3], [6.2, 125.7], [6.4, 106.3], [6.6, 102.3], [6.8, 104.1],
  [7, 108.5], [7.2, 108], [7.4, 113.6], [7.6, 126.7], [7.8, 142.8], [8, 151.2], [8.2, 166],
  [8.4, 174.7], [8.6, 177], [8.8, 179.1], [9, 177.7], [9.2, 179.6], [9.4, 178.1], [9.6, 179],
  [9.8, 179.1], [10, 175.9], [10.2, 169.3], [10.4, 163.1], [10.6, 152.5], [10.8, 142.7],
  [11, 134], [11.2, 118.5], [11.4, 108.9], [11.6, 102.1], [11.8, 101.5], [12, 101.5],
  [12.2, 104.4], [12.4, 108], [12.6, 121.9], [12.8, 131.6],
];

/** The knee angle the series holds at a sample's moment, as the table writes it. */
function kneeAt(t: number): string {
  const sample = KNEE_ANGLE.find(([time]) => Math.abs(time - t) < 1e-6)!;
  return `${sample[1].toFixed(0)}°`;
}

function repRow(page: Page, key: string) {
  return page
    .getByRole('table', { name: 'Knee angle at each side’s synced rep' })
    .locator(`tr[data-metric="${key}"] td`);
}

test("rep 1 against rep 3 of one squat video reads each rep's own numbers, side by side at 1440 and 375 px", async ({
  page,
}, testInfo) => {
  // Preparing the upload shares two cores with the suite's servers.
  test.setTimeout(150_000);
  await registerThroughApi(page, newAccount('coach'), { confirmed: false });
  const video = await uploadThroughApi(
    page,
    'Three squats',
    fixtureVideo('squats_single_person.mp4'),
  );
  await waitUntilPrepared(page, video.id, 120_000);
  await showAnalysis(page, video.id, {
    ...fixtureAnalysis(),
    keyMetric: { name: 'Knee angle', unit: '°', target: 100, samples: KNEE_ANGLE },
    athletes: [
      fixtureReading({ movement: 'squat', movementLabel: 'Squat', events: EVENTS, repetitions: 3 }),
    ],
  });
  const [rep1, rep3] = [EVENTS[1]!, EVENTS[7]!];
  const option = (event: MovementEvent) => ({ label: `${event.label} · ${formatMoment(event.t)}` });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/compare?a=${video.id}@0&b=${video.id}@0`);
    await page.getByLabel('Key moment to sync A on').selectOption(option(rep1));
    // The address holds the comparison: A's choice is in it before B is chosen.
    await expect(page).toHaveURL(new RegExp(`a=${video.id}@${rep1.t}`));
    await page.getByLabel('Key moment to sync B on').selectOption(option(rep3));

    // Each side is read at its own rep: not the whole clip's values twice (±0° everywhere).
    await expect(repRow(page, 'rep')).toHaveText(['Rep 1 of 3', 'Rep 3 of 3', '—']);
    const atSync = repRow(page, 'at-sync-point');
    await expect(atSync.nth(0)).toHaveText(kneeAt(rep1.t));
    await expect(atSync.nth(1)).toHaveText(kneeAt(rep3.t));
    expect(kneeAt(rep1.t)).not.toBe(kneeAt(rep3.t));
    await expect(atSync.nth(2)).not.toHaveText(/^±/);
    // One video on both sides: its whole-clip records would be the same, so they are not shown.
    await expect(page.getByTestId('compare-same-video')).toBeVisible();
    await expect(page.getByTestId('compare-clip-numbers')).toHaveCount(0);

    // Both pictures side by side, and on a phone both on the first screen at once.
    const boxA = (await page.getByTestId('compare-player-a').boundingBox())!;
    const boxB = (await page.getByTestId('compare-player-b').boundingBox())!;
    expect(boxB.y).toBeCloseTo(boxA.y, 0);
    expect(boxB.x).toBeGreaterThanOrEqual(boxA.x + boxA.width);
    const pageSize = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
    }));
    expect(pageSize.width).toBeLessThanOrEqual(viewport.width);
    if (viewport.width < 640) {
      expect(Math.max(boxA.y + boxA.height, boxB.y + boxB.height)).toBeLessThanOrEqual(
        viewport.height,
      );
    }
    testInfo.annotations.push({
      type: `page height at ${viewport.width} px`,
      description: String(pageSize.height),
    });
    await page.screenshot({
      path: testInfo.outputPath(`compare-reps-${viewport.width}.png`),
      fullPage: true,
    });
  }
});
