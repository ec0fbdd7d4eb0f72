import { findJumps, TOES_OFF_ANKLE, type Jump } from '../../jumps';
import { hipRise, standingReference } from '../../standing';
import { smoothInTime, type Athlete } from '../athlete';
import { findShots } from '../basketball-shot';
import { findServes } from '../tennis-serve';
import { judged, metric } from '../records';
import {
  event,
  highestBetween,
  ramp,
  realSeconds,
  SLOW_MOTION_SUSPECTED,
  uprightShare,
} from '../shared';
import type { MetricDraft, MovementModule } from '../types';

const GRAVITY = 9.81;

// Body lengths (shoulder to ankle) in metres, on an adult; and how high the hips already are,
// on the toes, as the feet leave the ground (body lengths above standing).
const BODY_LENGTH_M = 1.35;
const TOES_RISE = 0.05;

// The descent starts where the hips, smoothed over a tenth of a second, last stood at their
// standing height (within this, body lengths: the smoothed hips' jitter, under a centimetre);
// a loading dip at least DIP_DEPTH deep (about 7 cm) is a countermovement.
const DIP_STARTED = 0.005;
const DIP_DEPTH = 0.05;
// The dip before take-off is looked for this long before it (real seconds).
const DIP_SECONDS = 1.5;

// Under this long in the air (real seconds) the body rose about a centimetre (g·t²/8): a
// keypoint's flicker, not a jump anyone could see.
const MIN_AIR_TIME = 0.1;

/** Jumps as a reading times them: feet off and back at the toes, the top may go unseen. */
const jumpsOf = (athlete: Athlete) =>
  findJumps(athlete.moments, { topMayBeUnseen: true, airFeet: TOES_OFF_ANKLE }).filter(
    (jump) => jump.airTime >= MIN_AIR_TIME,
  );

/**
 * The countermovement before a take-off: when the hips start down from standing (the moment
 * they cross just below their standing height, between samples) and the bottom, where they
 * are lowest. None when the jump starts from a crouch or the dip is too shallow to tell.
 */
function countermovement(athlete: Athlete, jump: Jump): { start: number; bottom: number } | null {
  const ref = standingReference(athlete.moments);
  if (!ref) return null;
  // Keypoints jitter by a few pixels from frame to frame; the hips' path over a tenth of a
  // second does not.
  const times = athlete.moments.map((m) => m.t);
  const hipY = smoothInTime(
    athlete.moments.map((m) => m.hip.y),
    times,
    0.1,
  );
  const before = athlete.moments
    .map((m, i) => ({ t: m.t, i, rise: hipRise({ ...m, hip: { ...m.hip, y: hipY[i]! } }, ref) }))
    .filter((s) => s.t <= jump.takeOff && s.t >= jump.takeOff - DIP_SECONDS);
  if (before.length < 3) return null;
  const lowest = before.reduce((a, b) => (b.rise < a.rise ? b : a));
  if (lowest.rise > -DIP_DEPTH) return null;
  let n = before.indexOf(lowest);
  while (n > 0 && before[n - 1]!.rise < -DIP_STARTED) n -= 1;
  // Still dipping at the start of the window: the descent's start was not seen.
  if (n === 0) return null;
  const [above, below] = [before[n - 1]!, before[n]!];
  const share = (above.rise + DIP_STARTED) / (above.rise - below.rise);
  return {
    start: above.t + share * (below.t - above.t),
    // Picture y grows downwards: the hips' lowest is their largest y. Between samples, as a
    // dip is sampled only a few times at 5 frames a second.
    bottom: highestBetween(
      times,
      athlete.moments.map((m) => m.hip.y),
      lowest.i,
    ),
  };
}

/**
 * The time in the air that gravity allows for a jump whose hips rose this far (body lengths):
 * the clock every jump carries, whatever speed the footage plays at.
 */
function flightTimeFor(hipRise: number): number {
  const height = Math.max(0.02, (hipRise - TOES_RISE) * BODY_LENGTH_M);
  return 2 * Math.sqrt((2 * height) / 9.81);
}

export const verticalJump: MovementModule = {
  id: 'vertical_jump',
  timed: true,
  label: 'Vertical jump',
  sport: 'athletics',
  sportOwnsClip: false,
  repetition: { one: 'jump', many: 'jumps' },
  chart: 'hip_height',
  views: ['side', 'front', 'behind'],
  namedBy: {
    words: /\b(vertical jump|countermovement jump|countermovement|box jump|cmj)\b/i,
    precedence: 100,
  },
  phases: [
    {
      event: 'countermovement_start',
      label: 'Countermovement',
      words: /\b(countermovement(?! jump)|sink\w*|load(ing)?|start of the jump)\b/i,
      about: 'the hips starting down from standing to load the jump',
    },
    {
      event: 'bottom',
      label: 'Bottom of the dip',
      at: 'at the bottom of the dip',
      words: /\b(bottom|lowest|deepest|crouch)\b/i,
      about: 'the hips at their lowest before the drive up',
    },
    // Before take-off, whose words include a bare "jump": "the top of the jump" is the peak.
    {
      event: 'peak',
      label: 'Peak',
      at: 'at the peak',
      words: /\b(peak|highest|top of the jump|apex|in the air)\b/i,
      about: 'the body at its highest, halfway through the flight',
    },
    {
      event: 'take_off',
      label: 'Take-off',
      words: /\b(take-?off|push-?off|leave the ground|jump)\b/i,
      about: 'the feet leaving the ground',
    },
    {
      event: 'landing',
      label: 'Landing',
      words: /\b(landing|land|touch-?down|absorb)\b/i,
      about: 'the feet back on the ground',
    },
  ],
  faults: [
    {
      id: 'stiff-landing',
      metric: 'landing_knee',
      title: 'Land softly',
      cue: 'Land on the balls of the feet and let the knees and hips bend to absorb it.',
      topic: 'jumping',
      drills: [
        {
          name: 'Stick landings',
          how: 'Jump and freeze the landing with bent knees for 2 s; 3 × 5.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const jumps = jumpsOf(athlete);
    if (!jumps.length) return 0;
    // A jump made to hit a serve or to shoot is part of that movement, not a jump test.
    if (findServes(athlete).length || findShots(athlete).length) return 0.3;
    const best = jumps.reduce((a, b) => (b.hipRise > a.hipRise ? b : a));
    return (
      0.8 *
      uprightShare(athlete) *
      ramp(best.hipRise, 0.08, 0.15) *
      ramp(
        Math.abs(Math.log(best.airTime / flightTimeFor(best.hipRise))),
        Math.log(2),
        Math.log(1.35),
      )
    );
  },
  read(athlete, context) {
    const jumps = jumpsOf(athlete);
    const metrics: MetricDraft[] = [];
    const best = [...jumps].sort((a, b) => b.airTime - a.airTime)[0];
    // Human air times stay under about a second; longer is slowed footage.
    const air = best ? realSeconds(context, best.airTime, 1) : undefined;
    if (best && air !== undefined) {
      metrics.push(
        metric({
          key: 'air_time',
          name: 'Longest air time',
          value: air,
          unit: 's',
          t: best.takeOff,
          event: 'take_off',
          topic: 'jumping',
        }),
        metric({
          key: 'jump_height',
          name: 'Jump height from air time',
          value: ((GRAVITY * air * air) / 8) * 100,
          unit: 'cm',
          decimals: 0,
          t: best.takeOff,
          event: 'take_off',
          source: 'Flight-time method: height = g·t²/8',
          topic: 'jumping',
        }),
      );
    }
    const stiffest = jumps
      .filter((j) => j.landingKneeAngle !== undefined)
      .sort((a, b) => b.landingKneeAngle! - a.landingKneeAngle!)[0];
    if (stiffest) {
      metrics.push(
        metric({
          key: 'landing_knee',
          name: 'Knee angle absorbing the landing (stiffest)',
          value: stiffest.landingKneeAngle!,
          unit: '°',
          t: stiffest.landingKneeAt,
          event: 'landing',
          target: '150° or less',
          source: 'Landing mechanics: at least 30° of knee flexion to absorb force',
          status: judged(Math.round(stiffest.landingKneeAngle!), { max: 150 }),
          topic: 'jumping',
        }),
      );
    }
    return {
      events: jumps.flatMap((j) => {
        const dip = countermovement(athlete, j);
        return [
          ...(dip
            ? [
                event('countermovement_start', 'Countermovement starts', dip.start),
                event('bottom', 'Bottom of the dip', dip.bottom),
              ]
            : []),
          event('take_off', 'Take-off', j.takeOff),
          // In the air the body is a projectile: it is highest halfway between leaving the
          // ground and landing, whatever the camera's tilt does to the picture.
          event('peak', 'Peak', (j.takeOff + j.landing) / 2),
          event('landing', 'Landing', j.landing),
        ];
      }),
      repetitions: jumps.map((j) => ({ t: j.takeOff })),
      metrics,
      withheld: best && air === undefined ? [SLOW_MOTION_SUSPECTED] : [],
      summary: `${jumps.length} jump${jumps.length === 1 ? ' was' : 's were'} found.`,
    };
  },
};
