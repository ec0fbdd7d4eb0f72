import { unquotedValues } from '@filmroom/coach/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { inCatalogue } from './evaluate';
import { labelledClips } from './fixtures';
import { judgeClip, type Judged } from './judge';
import { readingName, summarise, summaryRow } from './report';
import { evalSeed, pickVariants } from './seed';
import { isSlowed, timeScale, VARIANT_KINDS } from './variants';

/**
 * Issue 27's targets, printed beside what was measured. Abstaining (the general reading where a
 * rubric was labelled) is not right, but it is never wrong.
 */
const TARGETS = { originalsRight: 0.9, variantsRight: 0.8, eventsWithin: 0.8 } as const;
/**
 * What CI holds today, and never less: raised as the reading improves (the gap to the targets
 * is issue 27's open work, named in its notes). The variants' floors leave room for the seed:
 * one variant per clip is a sample of 28 (78% of the 113 variants read so far were right). A wrong rubric shown at 80% or more, the worst
 * outcome, is held at its target: none.
 */
const FLOORS = {
  originalsRight: 0.85,
  variantsRight: 0.6,
  eventsWithin: 0.6,
  variantEventsWithin: 0.25,
  repetitionsExact: 0.7,
  fastEventsWithin: 0.55,
  chosenFound: 0.9,
} as const;
const MAX_CONFIDENT_WRONG = 0;
/**
 * CI's time budget: a slowed variant is 2–2.5 times as long as its clip and scanning scales with
 * it, so clips longer than this are checked on a variant of the same length (mirrored, small,
 * 15 fps, tilted). `npm run eval -- --variants` reads every variant of every clip.
 */
const SLOWED_VARIANT_MAX_SECONDS = 10;

/**
 * Where a labelled clip physically cannot meet a label, and why: said here, in the open, and
 * kept out of the one assertion it cannot meet. Everything else is asserted on every clip.
 */
const CANNOT_COUNT: Record<string, string> = {
  'jumpingjacks_multiperson-outdoor.mp4':
    'the man doing the jacks stands at the top edge of the frame: his hands leave the picture overhead',
};
const CANNOT_PLACE: Record<string, string> = {
  'jumpingjacks_multiperson-outdoor.mp4 arms_overhead at 0.8':
    'the hands leave the top of the picture overhead',
  'jumpingjacks_multiperson-outdoor.mp4 arms_overhead at 1.95':
    'the hands leave the top of the picture overhead',
  'yoga_flow-warrior-sequence-front.mp4 pyramid_setup_start at 16.9':
    'the clip ends half a second into the pose: too short to be a hold',
};

/**
 * Clips whose moments are slow enough that the scan samples them at its base rate only (5 frames
 * a second): they count within one sampling step (200 ms on the clip's own timeline) where the
 * label allows less, since two scans of the same file can place them a sample apart.
 */
const SAMPLED_AT_BASE_RATE: Record<string, string> = {
  'deadlift_front-barbell-garage.mp4':
    'a slow lift: the bar leaves and meets the floor between two samples 200 ms apart',
};
const BASE_STEP = 1 / 5;

// Moments that last a frame or two: the scan samples them at the source frame rate, and none
// of them may be excused on an original clip.
const FAST_EVENTS = /^(impact|release|contact)/;

const settings = { fps: 5 };
const clips = await labelledClips();
const seed = evalSeed();
const picked = pickVariants(
  seed,
  clips.map((c) => c.clip),
  (clip) => {
    const duration = clips.find((c) => c.clip === clip)?.label.duration_s ?? Infinity;
    return duration > SLOWED_VARIANT_MAX_SECONDS
      ? VARIANT_KINDS.filter((kind) => !isSlowed(kind))
      : VARIANT_KINDS;
  },
);
const originals: Judged[] = [];
const variants: Judged[] = [];

// The same scan the server makes (base rate and the dense pass at the source frame rate).
beforeAll(async () => {
  console.log(
    `EVAL_SEED=${seed} (replay with EVAL_SEED=${seed} npx vitest run --root eval); variants checked:\n` +
      [...picked].map(([clip, kind]) => `  ${clip} [${kind}]`).join('\n'),
  );
  for (const clip of clips) {
    originals.push(await judgeClip(clip, 'original', settings));
    variants.push(await judgeClip(clip, picked.get(clip.clip)!, settings));
  }
  console.table({
    originals: summaryRow(summarise(originals)),
    'seeded variants': summaryRow(summarise(variants)),
  });
  console.log(
    `Issue 27's targets: right on ${TARGETS.originalsRight * 100}% of originals and ${TARGETS.variantsRight * 100}% of variants, ${TARGETS.eventsWithin * 100}% of events within tolerance, no confident wrong reading.`,
  );
});

const rightShare = (judged: Judged[]) =>
  judged.filter((j) => j.result.outcome === 'right').length / judged.length;

/** Labelled moments of coached movements, with what was found, keyed by the original's time. */
function labelledEvents(judged: Judged[]) {
  return judged
    .filter((j) => inCatalogue(j.result.expected))
    .flatMap((j) => {
      const original = clips.find((c) => c.clip === j.clip)!.label.events ?? [];
      // The base step on the variant's timeline (a slowed variant stretches it).
      const step =
        SAMPLED_AT_BASE_RATE[j.clip] === undefined
          ? 0
          : BASE_STEP * (j.variant === 'original' ? 1 : timeScale(j.variant));
      return j.result.events.map((e, i) => ({
        key: `${j.clip} ${e.name} at ${original[i]?.t}`,
        reading: readingName(j),
        name: e.name,
        found: e.found,
        within:
          e.within ||
          (e.error !== null && step > 0 && Math.abs(e.error) <= Math.max(e.tol, step) + 1e-9),
      }));
    })
    .filter((e) => CANNOT_PLACE[e.key] === undefined);
}

describe('the labelled clips and one seeded variant of each, scanned as the server scans them', () => {
  it('has clips of a dozen movements to judge', () => {
    expect(clips.length).toBeGreaterThanOrEqual(20);
    expect(new Set(clips.map((c) => c.label.movement)).size).toBeGreaterThanOrEqual(12);
  });

  it('shows no wrong movement at 80% or more, on the originals or the variants', () => {
    const confidentWrong = [
      ...summarise(originals).confidentWrong,
      ...summarise(variants).confidentWrong,
    ];
    expect(confidentWrong.length, confidentWrong.join('\n')).toBeLessThanOrEqual(
      MAX_CONFIDENT_WRONG,
    );
  });

  it(`reads the movement right on at least ${FLOORS.originalsRight * 100}% of the originals`, () => {
    const notRight = originals
      .filter((j) => j.result.outcome !== 'right')
      .map(
        (j) =>
          `${readingName(j)}: ${j.result.found} (${j.result.outcome}), labelled ${j.result.expected}`,
      );
    expect(rightShare(originals), notRight.join('\n')).toBeGreaterThanOrEqual(
      FLOORS.originalsRight,
    );
  });

  it(`reads the movement right on at least ${FLOORS.variantsRight * 100}% of the variants`, () => {
    const notRight = variants
      .filter((j) => j.result.outcome !== 'right')
      .map(
        (j) =>
          `${readingName(j)}: ${j.result.found} (${j.result.outcome}), labelled ${j.result.expected}`,
      );
    expect(rightShare(variants), notRight.join('\n')).toBeGreaterThanOrEqual(FLOORS.variantsRight);
  });

  it(`counts repetitions exactly on at least ${FLOORS.repetitionsExact * 100}% of the coached clips labelled with them`, () => {
    const counted = originals.filter(
      (j) => inCatalogue(j.result.expected) && j.result.repsRight !== null && !CANNOT_COUNT[j.clip],
    );
    const wrong = counted
      .filter((j) => j.result.repsRight === false)
      .map((j) => `${j.clip}: ${j.result.repsFound}, labelled ${j.result.repsExpected}`);
    expect(counted.length).toBeGreaterThanOrEqual(15);
    expect(1 - wrong.length / counted.length, wrong.join('\n')).toBeGreaterThanOrEqual(
      FLOORS.repetitionsExact,
    );
  });

  it(`times at least ${FLOORS.eventsWithin * 100}% of the labelled moments within tolerance on the originals, ${FLOORS.variantEventsWithin * 100}% on the variants`, () => {
    for (const [judged, floor] of [
      [originals, FLOORS.eventsWithin],
      [variants, FLOORS.variantEventsWithin],
    ] as const) {
      const events = labelledEvents(judged);
      const outside = events.filter((e) => !e.within);
      expect(events.length).toBeGreaterThanOrEqual(20);
      expect(
        1 - outside.length / events.length,
        outside.map((e) => `${e.reading} ${e.name}: found ${e.found ?? 'nothing'}`).join('\n'),
      ).toBeGreaterThanOrEqual(floor);
    }
  });

  it(`times at least ${FLOORS.fastEventsWithin * 100}% of the impacts, releases and contacts of the originals within tolerance`, () => {
    const events = labelledEvents(originals).filter((e) => FAST_EVENTS.test(e.name));
    const outside = events.filter((e) => !e.within).map((e) => `${e.key}: found ${e.found}`);
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(1 - outside.length / events.length, outside.join('\n')).toBeGreaterThanOrEqual(
      FLOORS.fastEventsWithin,
    );
  });

  it(`finds the phases of the movement the coach chose on at least ${FLOORS.chosenFound * 100}% of the clips and variants of a coached movement`, () => {
    const chosen = [...originals, ...variants].filter((j) => j.chosen);
    const missed = chosen
      .filter((j) => !j.chosen!.found)
      .map(
        (j) =>
          `${readingName(j)} as ${j.chosen!.movement}: ${j.chosen!.events} events, ${j.chosen!.repetitions} repetitions`,
      );
    expect(chosen.length).toBeGreaterThanOrEqual(30);
    expect(1 - missed.length / chosen.length, missed.join('\n')).toBeGreaterThanOrEqual(
      FLOORS.chosenFound,
    );
  });

  it('states no value that differs from its metric record, on any clip or variant', () => {
    const unquoted = [...originals, ...variants].flatMap((j) =>
      unquotedValues(j.analysis).map((problem) => `${readingName(j)}: ${problem}`),
    );
    expect(unquoted).toEqual([]);
  });
});
