import { findJumps } from '../../jumps';
import { findShots } from '../basketball-shot';
import { findServes } from '../tennis-serve';
import { judged, metric } from '../records';
import { event, ramp, realSeconds, SLOW_MOTION_SUSPECTED, uprightShare } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

const GRAVITY = 9.81;

// Body lengths (shoulder to ankle) in metres, on an adult; and how high the hips already are,
// on the toes, as the feet leave the ground (body lengths above standing).
const BODY_LENGTH_M = 1.35;
const TOES_RISE = 0.05;

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
    const jumps = findJumps(athlete.moments);
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
    const jumps = findJumps(athlete.moments);
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
      events: jumps.flatMap((j) => [
        event('take_off', 'Take-off', j.takeOff),
        event('landing', 'Landing', j.landing),
      ]),
      repetitions: jumps.map((j) => ({ t: j.takeOff })),
      metrics,
      withheld: best && air === undefined ? [SLOW_MOTION_SUSPECTED] : [],
      summary: `${jumps.length} jump${jumps.length === 1 ? ' was' : 's were'} found.`,
    };
  },
};
