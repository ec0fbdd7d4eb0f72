import type { BodyMoment } from '../../body-series';
import { defined } from '../../geometry';
import { judged, metric } from '../records';
import { event, highestBetween, ramp, repetitionSummary, setEvidence } from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import type { Athlete } from '../athlete';
import { hangsOf, handsY, type Hang } from './bar';

const SOURCE = 'NSCA pull-up standard: from a straight-arm hang until the chin clears the bar';

// A straight-arm (dead) hang reads 160-180° at the elbow; keypoints seen at an angle shorten it.
const FULL_HANG = 150;
// The chin is not a keypoint: it sits about 7 cm (0.14 of a 50 cm trunk) under the nose tip.
const CHIN_UNDER_NOSE = 0.14;
// Nor is the bar: a hand gripping it holds it about 7-8 cm (0.15 trunk) above the wrist joint.
const BAR_OVER_WRIST = 0.15;
// Nose and wrist keypoints jitter by about a tenth of a trunk, and a head pitched forward or
// back moves the nose against the chin by as much: a rep's chin is judged over or under the bar
// only when it is clearly so, beyond this either side of the bar.
const CHIN_UNSURE = 0.1;
// A rep's highest moment is looked for this long either side of the shoulders' top (at least
// one sample either side at five samples a second).
const TOP_WINDOW = 0.25;
// A body hanging from the bar is lifted whole: the feet rise with the shoulders (by at least
// half as much; tucked knees lift them more). Standing under a bar, the feet stay down.
const FEET_RISE = 0.5;
// Hanging: the trunk upright under the shoulders (a row or a lying pull-over is not a pull-up).
const UPRIGHT_TRUNK = 0.7;

type Rep = { top: number; bottom: number; hang: Hang };

/** Each repetition of each hang: its top and the lowest hang before it (indexes). */
function repsOf(athlete: Athlete): Rep[] {
  return hangsOf(athlete).flatMap((hang) =>
    hang.tops.map((top, n) => {
      const from = n === 0 ? hang.from : hang.tops[n - 1]!;
      let bottom = from;
      for (let i = from; i <= top; i += 1) {
        if (athlete.shoulderHeight[i]! < athlete.shoulderHeight[bottom]!) bottom = i;
      }
      return { top, bottom, hang };
    }),
  );
}

const anklesY = (m: BodyMoment) => {
  const ankles = defined([m.points.left_ankle?.y, m.points.right_ankle?.y]);
  return ankles.length ? ankles.reduce((a, b) => a + b, 0) / ankles.length : undefined;
};

/** Whether the feet rose with the shoulders on this rep (undefined: the feet were not seen). */
function lifted(athlete: Athlete, rep: Rep): boolean | undefined {
  const bottom = athlete.moments[rep.bottom]!;
  const top = athlete.moments[rep.top]!;
  const [from, to] = [anklesY(bottom), anklesY(top)];
  if (from === undefined || to === undefined) return undefined;
  return from - to >= FEET_RISE * (bottom.shoulder.y - top.shoulder.y);
}

const upright = (athlete: Athlete, m: BodyMoment) =>
  m.hip.y - m.shoulder.y >= UPRIGHT_TRUNK * athlete.trunk;

/** Both elbows' mean angle (a hang is judged on both arms; one keypoint may be off). */
function elbows(m: BodyMoment): number | undefined {
  const angles = defined([m.leftElbowAngle, m.rightElbowAngle]);
  return angles.length === 2 ? (angles[0]! + angles[1]!) / 2 : undefined;
}

/** The straightest the arms got in the hang before each rep, with when. */
function hangElbows(athlete: Athlete, reps: Rep[]): { t: number; value: number }[] {
  return reps.flatMap((rep, n) => {
    const from = n > 0 && reps[n - 1]!.hang === rep.hang ? reps[n - 1]!.top : rep.hang.from;
    let best: { t: number; value: number } | undefined;
    for (let i = from; i <= rep.top; i += 1) {
      const value = elbows(athlete.moments[i]!);
      if (value !== undefined && (!best || value > best.value)) {
        best = { t: athlete.moments[i]!.t, value };
      }
    }
    return best ? [best] : [];
  });
}

/**
 * How far the chin got above the bar at each rep's top, in trunks (negative: under it), when
 * the face was seen: the nose's highest over the top, less the chin's drop under the nose,
 * against the bar over the hands.
 */
function chinOverBar(athlete: Athlete, reps: Rep[]): { t: number; value: number }[] {
  return reps.flatMap((rep) => {
    const t = athlete.moments[rep.top]!.t;
    const near = athlete.moments.filter((m) => Math.abs(m.t - t) <= TOP_WINDOW);
    const heights = near.flatMap((m) => {
      const nose = m.points.nose;
      const hands = handsY(m);
      return nose && hands !== undefined ? [(hands - nose.y) / athlete.trunk] : [];
    });
    if (!heights.length) return [];
    const nose = Math.max(...heights);
    return [{ t, value: nose - CHIN_UNDER_NOSE - BAR_OVER_WRIST }];
  });
}

/** The moment the hang begins: the clip's first when it opens on a hang, else arms first straight. */
function hangStart(athlete: Athlete, hang: Hang): number | undefined {
  if (hang.from === 0) return athlete.moments[0]!.t;
  const end = hang.tops[0] ?? hang.to;
  for (let i = hang.from; i <= end; i += 1) {
    const value = elbows(athlete.moments[i]!);
    if (value !== undefined && value >= FULL_HANG) return athlete.moments[i]!.t;
  }
  return undefined;
}

export const pullUp: MovementModule = {
  id: 'pull_up',
  label: 'Pull-up',
  sport: 'strength',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'elbow_angle',
  views: ['front', 'side', 'behind'],
  namedBy: { words: /\b(pull-?ups?|chin-?ups?)\b/i, precedence: 75 },
  phases: [
    {
      event: 'start_hang',
      label: 'Start of the hang',
      at: 'at the start of the hang',
      words: /\b(start of the (hang|set)|start(ing)? hang|dead hang|hang(ing)? from the bar)\b/i,
      about: 'hanging from the bar with the arms straight, before the first pull',
    },
    {
      event: 'jump_to_bar',
      label: 'Jump to the bar',
      words: /\b(jump(ing)? to the bar|jump(ing)? up|grab(bing)? the bar|mount(ing)?)\b/i,
      about: 'the hands reaching the bar as the body jumps up to it',
    },
    {
      event: 'bottom',
      label: 'Bottom',
      at: 'at the bottom',
      words: /\b(bottom|lowest|hang(ing)? position|arms straight)\b/i,
      about: 'the lowest hang before a pull, the arms at their straightest',
    },
    {
      event: 'top',
      label: 'Top',
      at: 'at the top',
      words: /\b(top|chin over( the)? bar|highest|peak)\b/i,
      about: 'the shoulders and head at their highest, nearest the bar',
    },
    {
      event: 'drop_off_bar',
      label: 'Drop off the bar',
      words: /\b(drop(ping)? off( the bar)?|let(ting)? go|dismount(ing)?|release)\b/i,
      about: 'the hands leaving the bar at the end of the set',
    },
  ],
  faults: [
    {
      id: 'half-hang',
      metric: 'hang_elbow',
      title: 'Hang fully at the bottom',
      cue: 'Straighten the arms into a full hang before every pull.',
      topic: 'depth',
      drills: [
        { name: 'Dead hangs', how: 'Hang with straight arms and active shoulders, 3 × 20–30 s.' },
        {
          name: 'Slow negatives',
          how: 'From the top, lower for 3–5 s all the way to straight arms; 3 × 3.',
        },
      ],
    },
    {
      id: 'chin-under',
      metric: 'chin_over_bar',
      title: 'Chin over the bar',
      cue: 'Pull until the chin clears the bar, driving the elbows down to the ribs.',
      topic: 'depth',
      drills: [
        {
          name: 'Top holds',
          how: 'Hold the chin over the bar, elbows bent, for 10–20 s; 3 sets.',
        },
        {
          name: 'Band-assisted pull-ups',
          how: 'A band under the knees to reach the full range on every rep; 3 × 5.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const reps = repsOf(athlete);
    if (!reps.length) return 0;
    // Evidence that the body hangs from the hands: the feet lifted with the shoulders, and the
    // trunk upright under them. Without the feet seen, nothing says the athlete is off the ground.
    const lifts = reps.flatMap((rep) => lifted(athlete, rep) ?? []);
    const liftedShare = lifts.length ? lifts.filter(Boolean).length / lifts.length : 0;
    const uprightShare =
      reps.filter((rep) => upright(athlete, athlete.moments[rep.bottom]!)).length / reps.length;
    return (
      0.95 * ramp(liftedShare, 0.3, 0.7) * ramp(uprightShare, 0.5, 0.8) * setEvidence(reps.length)
    );
  },
  read(athlete) {
    const reps = repsOf(athlete);
    const hangs = [...new Set(reps.map((rep) => rep.hang))];
    const times = athlete.moments.map((m) => m.t);
    const metrics: MetricDraft[] = [];
    const straightest = hangElbows(athlete, reps);
    const leastHang = straightest.sort((a, b) => a.value - b.value)[0];
    if (leastHang) {
      metrics.push(
        metric({
          key: 'hang_elbow',
          name: 'Elbow angle in the hang (least extended rep)',
          value: leastHang.value,
          unit: '°',
          t: leastHang.t,
          event: 'bottom',
          target: `${FULL_HANG}° or straighter`,
          source: SOURCE,
          status: judged(Math.round(leastHang.value), { min: FULL_HANG }),
          topic: 'depth',
        }),
      );
    }
    const chins = chinOverBar(athlete, reps).filter((chin) => Math.abs(chin.value) > CHIN_UNSURE);
    const under = chins.filter((chin) => chin.value < 0);
    if (chins.length) {
      metrics.push(
        metric({
          key: 'chin_over_bar',
          name: 'Reps with the chin over the bar (of those clearly seen)',
          value: chins.length - under.length,
          unit: `of ${chins.length}`,
          decimals: 0,
          t: (under[0] ?? chins[0]!).t,
          event: 'top',
          target: 'every rep',
          source: SOURCE,
          status: under.length ? 'fault' : 'ok',
          topic: 'depth',
        }),
      );
    }
    const events = [
      ...hangs.flatMap((hang) => {
        const start = hangStart(athlete, hang);
        return [
          ...(start === undefined ? [] : [event('start_hang', 'Start of the hang', start)]),
          ...(hang.jumpedTo === undefined
            ? []
            : [event('jump_to_bar', 'Jump to the bar', hang.jumpedTo)]),
          ...(hang.droppedOff === undefined
            ? []
            : [event('drop_off_bar', 'Drop off the bar', hang.droppedOff)]),
        ];
      }),
      ...reps.flatMap((rep, i) => [
        event('bottom', `Bottom before rep ${i + 1}`, times[rep.bottom]!),
        event('top', `Top of rep ${i + 1}`, highestBetween(times, athlete.shoulderHeight, rep.top)),
      ]),
    ].sort((a, b) => a.t - b.t);
    return {
      events,
      repetitions: reps.map((rep) => ({
        t: highestBetween(times, athlete.shoulderHeight, rep.top),
      })),
      metrics,
      withheld: chins.length
        ? []
        : ['Chin over the bar: the face was not seen at the tops; film from the front or side.'],
      summary: repetitionSummary(reps.length, 'pull-up', 'judged at its top and its hang'),
    };
  },
};
