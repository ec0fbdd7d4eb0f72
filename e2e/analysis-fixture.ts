import type { AthleteReading, MovementChoice, Timing } from '@filmroom/contract';
import type { Page } from '@playwright/test';

/**
 * The suite's server never scans a clip (playwright.config.ts), so a video there has no
 * analysis. Specs about how the page shows one (its accessibility, what it does with hostile
 * text) give the page this made-up analysis in the server's own answer instead, shaped like the
 * contract's Analysis. What the analysis says about a real clip is analysis-measured.spec.ts's
 * business.
 */
export type FixtureAnalysis = {
  textAnalysis: string;
  overallFeedback: string | null;
  coachingPoints: {
    timestamp: number;
    title: string;
    description: string;
    type: string;
    visualGuides?: {
      type: 'arrow' | 'line' | 'highlight';
      x: number;
      y: number;
      endX?: number;
      endY?: number;
    }[];
  }[];
  playerDetections: {
    timestamp: number;
    playerMatchId: string | null;
    confidence: number;
    jerseyNumber: string | null;
    jerseyColor: string | null;
    faceDetected: boolean;
    box?: [number, number, number, number];
  }[];
  keyMetric: { name: string; unit: string; target: number | null; samples: [number, number][] };
  /** Beyond the spec, as the contract has them (types only: the values are written here). */
  athletes?: AthleteReading[];
  movement?: MovementChoice;
  timing?: Timing;
};

/**
 * One athlete's reading as the coach engine writes it: a golf swing recognised at 86% and seen
 * side-on, with its key moments, two numbers (one on target, one not) and what the angle hides.
 */
export function fixtureReading(overrides: Partial<AthleteReading> = {}): AthleteReading {
  return {
    index: 1,
    name: 'Athlete 1 (white shirt)',
    trackId: 1,
    playerMatchId: null,
    movement: 'golf_swing',
    movementLabel: 'Golf swing',
    confidence: 0.86,
    movementSource: 'detected',
    view: 'side',
    viewConfidence: 0.8,
    repetitions: 1,
    events: [
      { name: 'top', label: 'Top of backswing', t: 2.4 },
      { name: 'impact', label: 'Impact', t: 3.2 },
    ],
    metrics: [
      {
        id: 'a1.tempo_ratio',
        athlete: 1,
        name: 'Backswing:downswing tempo',
        value: 3.1,
        unit: ':1',
        text: '3.1:1',
        t: null,
        event: null,
        target: 'near 3:1',
        source: 'Tour players average about 3:1',
        status: 'ok',
      },
      {
        id: 'a1.head_sway',
        athlete: 1,
        name: 'Head sway to impact',
        value: 9,
        unit: 'cm',
        text: '9 cm',
        t: 3.2,
        event: 'impact',
        target: 'under 5 cm',
        source: null,
        status: 'fault',
      },
      {
        id: 'a1.swing_time',
        athlete: 1,
        name: 'Swing time',
        value: 1.3,
        unit: 's',
        text: '1.3 s',
        t: null,
        event: null,
        target: null,
        source: null,
        status: 'info',
      },
    ],
    withheld: ['Hip turn: film down the line to see it'],
    ...overrides,
  };
}

/** An identified player in the fixture's detections (see `showAnalysis`'s `players`). */
export const FIXTURE_PLAYER_ID = 'fixture-player';

export function fixtureAnalysis(): FixtureAnalysis {
  return {
    textAnalysis: [
      '## Summary',
      'You completed **3 repetitions** with a steady tempo. See the [squat guide](https://example.com/squats).',
      '',
      '### Depth',
      '- Rep 1 reached 92° of knee bend',
      '- Rep 2 reached 88°',
      '',
      '| Rep | Knee angle | Tempo |',
      '| --- | --- | --- |',
      '| 1 | 92° | 2.1 s |',
      '| 2 | 88° | 2.0 s |',
    ].join('\n'),
    overallFeedback: 'Good control through the set; sit a little deeper on the first rep.',
    coachingPoints: [
      {
        timestamp: 1.5,
        title: 'Knees track over toes',
        description: 'Your knees stay in line with your feet on the way down.',
        type: 'technique',
        visualGuides: [{ type: 'highlight', x: 0.5, y: 0.6 }],
      },
      {
        timestamp: 4,
        title: 'Sit deeper',
        description: 'Aim for thighs parallel to the floor.',
        type: 'depth',
        visualGuides: [{ type: 'arrow', x: 0.4, y: 0.4, endX: 0.4, endY: 0.7 }],
      },
    ],
    playerDetections: [0, 0.1, 2, 4].map((timestamp, index) => ({
      timestamp,
      playerMatchId: index % 2 === 0 ? FIXTURE_PLAYER_ID : null,
      confidence: [0.91, 0.65, 0.42, 0.88][index]!,
      jerseyNumber: index % 2 === 0 ? '23' : null,
      jerseyColor: index % 2 === 0 ? 'red' : null,
      faceDetected: index % 2 === 0,
      // Where the squats clip's athlete was measured at those times (and someone at the side).
      box: (
        [
          [0.2484, 0.123, 0.4672, 0.6845],
          [0.72, 0.55, 0.2, 0.4],
          [0.2501, 0.3133, 0.4682, 0.4903],
          [0.2416, 0.1402, 0.5242, 0.6642],
        ] as const
      )[index]!.slice() as [number, number, number, number],
    })),
    keyMetric: {
      name: 'Knee angle',
      unit: '°',
      target: 90,
      samples: [0, 1, 2, 3, 4, 5, 6].map((t) => [t, 170 - 40 * Math.abs(Math.sin(t))]),
    },
    athletes: [fixtureReading()],
    movement: 'auto',
    timing: { slowMotionFactor: 4, source: 'container' },
  };
}

/**
 * From now on, this page's reads of the video carry `analysis` (as if the scan had finished),
 * and the player lookups answer with `players[playerMatchId]`. Everything else about the video
 * is the server's real answer.
 */
export async function showAnalysis(
  page: Page,
  videoId: string,
  analysis: FixtureAnalysis,
  players: Record<string, { name: string; photoUrl: string | null }> = {},
) {
  await page.route(`**/api/videos/${videoId}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const video = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...video,
        analysis,
        analysisState: { id: videoId, status: 'ready', progress: 100, failureReason: null },
      },
    });
  });
  await page.route('**/api/players/*', async (route) => {
    const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
    const player = players[id];
    if (!player) return route.fulfill({ status: 404, json: { message: 'Player not found' } });
    return route.fulfill({ json: player });
  });
}
