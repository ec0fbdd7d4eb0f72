import { kneeAngleOf } from '../../body-series';
import { handHeights, momentAt, share, type Athlete } from '../athlete';
import { momentPoint } from '../points';
import { judged, metric } from '../records';
import {
  between,
  event,
  extreme,
  ramp,
  realSeconds,
  SLOW_MOTION_SUSPECTED,
  straighterElbow,
  uprightShare,
} from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import { shotMoments } from './moments';

const SOURCE =
  'Common shooting coaching (e.g. BEEF): elbow near 90° at the set point, full extension at release';

type Shot = {
  /** Where the hands were first seen rising fast above the chest: the push is under way. */
  push: number;
  dip: number;
  setPoint: number;
  release: number;
};

/**
 * Shots: both hands rising together above the head, fast. Release is where that push ends; the dip the hips' last lowest moment before it; the set point the
 * hands' stillest high moment between them.
 */
/**
 * A club swung through: from `from` on, the hands, still joined, come down below the hips and
 * rise again above the shoulders. Read on the hands' path alone, however slowly the footage
 * plays it; it ends where the hands part (a shooter's hands part once the ball is gone).
 */
function swingsThrough(athlete: Athlete, h: number[], from: number): boolean {
  let down = false;
  for (let j = from; j < h.length; j += 1) {
    const gap = athlete.wristGap[j];
    if (gap !== undefined && gap > 0.8) return false;
    if (h[j]! < -0.5) down = true;
    else if (down && h[j]! > 0.2) return true;
  }
  return false;
}

export function findShots(athlete: Athlete): Shot[] {
  const h = handHeights(athlete, 0.07);
  const t = athlete.moments.map((m) => m.t);
  const rise = h.map((v, i) => {
    const a = Math.max(0, i - 1);
    const b = Math.min(h.length - 1, i + 1);
    return t[b]! > t[a]! ? (h[b]! - h[a]!) / (t[b]! - t[a]!) : 0;
  });
  const shots: Shot[] = [];
  let i = 0;
  while (i < h.length) {
    if (!(h[i]! > 0.3 && rise[i]! > 1.5)) {
      i += 1;
      continue;
    }
    // The hands' highest point in the next second, and the final push up to it (a shot may
    // pause at the set point on the way).
    const peak = extreme(between(athlete, t[i]!, t[i]! + 1), (j) => h[j])!;
    const burst = between(athlete, t[peak]! - 0.3, t[peak]!);
    const fastest = extreme(burst, (j) => (h[j]! > 0.2 ? rise[j] : undefined)) ?? peak;
    // The ball leaves the fingers as the push ends: the last moment the hands still rise at
    // half their fastest, before they slow into the follow-through.
    let release = fastest;
    while (release < peak && rise[release + 1]! >= rise[fastest]! * 0.5) release += 1;
    const top = Math.max(...between(athlete, t[release]!, t[release]! + 0.3).map((j) => h[j]!));
    const together = athlete.wristGap[release] === undefined || athlete.wristGap[release]! < 0.6;
    // The ball is carried at the waist or chest before a shot; hands hanging below the hips
    // (a golf address) are not a shooter's.
    const carried = Math.min(...between(athlete, t[release]! - 0.8, t[release]!).map((j) => h[j]!));
    // A golf swing lifts joined hands too, then swings them back down through the hitting zone
    // below the hips and up again: a shooter's hands follow through high and come down slowly.
    const swungThrough = swingsThrough(athlete, h, release);
    if (top > 0.55 && together && carried > -0.8 && !swungThrough) {
      const before = between(athlete, t[release]! - 0.8, t[release]!);
      const lowest = Math.min(...before.map((j) => athlete.hipHeight[j]!));
      const dipIndex =
        [...before].reverse().find((j) => athlete.hipHeight[j]! <= lowest + 0.02) ?? before[0]!;
      const setWindow = between(athlete, t[release]! - 0.4, t[release]! - 0.05).filter(
        (j) => h[j]! >= 0.3,
      );
      const setIndex = extreme(setWindow, (j) => athlete.wristSpeed[j], true) ?? dipIndex;
      shots.push({ push: t[i]!, dip: t[dipIndex]!, setPoint: t[setIndex]!, release: t[release]! });
      while (i < h.length && t[i]! < t[release]! + 0.8) i += 1;
    } else {
      i += 1;
    }
  }
  return shots;
}

export const basketballShot: MovementModule = {
  id: 'basketball_shot',
  timed: true,
  label: 'Basketball jump shot / free throw',
  sport: 'basketball',
  sportOwnsClip: true,
  repetition: { one: 'shot', many: 'shots' },
  chart: 'hand_height',
  views: ['side', 'front', 'behind'],
  namedBy: {
    words: /\b(basketball|jump ?shot|free ?throw|shooting form|set shot|layup)\b/i,
    precedence: 20,
  },
  phases: [
    {
      event: 'dip',
      label: 'Dip',
      at: 'in the dip',
      words: /\b(dip|load|knee bend|gather)\b/i,
      about: 'the knees and hips lowest before the shot',
    },
    {
      event: 'set_point',
      label: 'Set point',
      at: 'at the set point',
      words: /\b(set ?point|set position|above (my|the) head|loading the ball)\b/i,
      about: 'the ball set above the head before the push',
    },
    {
      event: 'release',
      label: 'Release',
      words: /\b(release|let go|shoot|shot|follow-?through|wrist flick)\b/i,
      about: 'the ball leaving the fingers',
    },
    {
      event: 'follow_through_hold',
      label: 'Gooseneck hold',
      at: 'in the gooseneck hold',
      words: /\b(gooseneck( hold)?|held follow-?through|hold(ing)? the follow-?through)\b/i,
      about: 'the shooting arm held high and still after the ball has gone',
    },
  ],
  faults: [
    {
      id: 'short-arm',
      metric: 'release_elbow',
      title: 'Finish the arm',
      cue: 'Push up through the ball until the shooting elbow is straight, then hold the follow-through.',
      topic: 'arms',
      drills: [
        {
          name: 'Form shooting',
          how: 'One hand, close to the rim, straight elbow and held follow-through; 3 × 10.',
        },
        {
          name: 'Lying-down release',
          how: 'On the back, shoot the ball straight up with full extension; 2 × 15.',
        },
      ],
    },
    {
      id: 'no-legs',
      metric: 'dip_knee',
      title: 'Use the legs',
      cue: 'Bend the knees into the dip so the power comes from the legs, not the arms.',
      topic: 'legs',
      drills: [
        {
          name: 'Dip-and-rise shots',
          how: 'Exaggerate the knee bend then shoot on the way up; 3 × 10 close to the rim.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const shots = findShots(athlete);
    if (!shots.length) return 0;
    const together = share(athlete.wristGap, (gap) => gap < 0.5);
    return ramp(together, 0.2, 0.6) * uprightShare(athlete) * ramp(shots.length, 0, 1) * 0.95;
  },
  read(athlete, context) {
    // Recognition's shots, each timed afresh by its moments (the set point, the release).
    const shots = findShots(athlete).map((found) => shotMoments(athlete, found));
    const metrics: MetricDraft[] = [];
    let slowed = false;
    shots.forEach((shot, n) => {
      const suffix = shots.length > 1 ? ` (shot ${n + 1})` : '';
      const key = shots.length > 1 ? `_${n + 1}` : '';
      const dip = momentAt(athlete, shot.dip);
      const dipKnee = kneeAngleOf(dip);
      if (dipKnee !== undefined && context.view === 'side') {
        metrics.push(
          metric({
            key: `dip_knee${key}`,
            name: `Knee angle at the dip${suffix}`,
            value: dipKnee,
            unit: '°',
            t: dip.t,
            event: 'dip',
            target: '150° or less',
            source: 'Shooting coaching: a real knee bend in the dip powers the shot',
            status: judged(Math.round(dipKnee), { max: 150 }),
            topic: 'legs',
          }),
        );
      }
      const release = momentAt(athlete, shot.release);
      const elbow = straighterElbow(momentAt(athlete, shot.release + 0.05));
      if (elbow !== undefined) {
        metrics.push(
          metric({
            key: `release_elbow${key}`,
            name: `Shooting elbow just after release${suffix}`,
            value: elbow,
            unit: '°',
            t: release.t,
            event: 'release',
            target: '160° or more',
            source: SOURCE,
            status: judged(Math.round(elbow), { min: 160 }),
            topic: 'arms',
          }),
        );
      }
      const quickness = realSeconds(context, shot.release - shot.dip, 1.2);
      if (quickness === undefined) slowed = true;
      else {
        metrics.push(
          metric({
            key: `dip_to_release${key}`,
            name: `Dip to release${suffix}`,
            value: quickness,
            unit: 's',
            t: shot.release,
            event: 'release',
            topic: 'tempo',
          }),
        );
      }
    });
    const keys = shots.length > 1;
    return {
      events: shots.flatMap((shot, n) => [
        event('dip', keys ? `Dip (shot ${n + 1})` : 'Dip', shot.dip),
        event('set_point', keys ? `Set point (shot ${n + 1})` : 'Set point', shot.setPoint),
        event('release', keys ? `Release (shot ${n + 1})` : 'Release', shot.release),
        ...(shot.hold === null
          ? []
          : [
              event(
                'follow_through_hold',
                keys ? `Gooseneck hold (shot ${n + 1})` : 'Gooseneck hold',
                shot.hold,
              ),
            ]),
      ]),
      repetitions: shots.map((shot) => ({ t: shot.release })),
      metrics,
      withheld: [
        'Ball arc and entry angle: FilmRoom follows the shooter, not the ball.',
        ...(context.view !== 'side'
          ? [
              'Knee bend at the dip: facing or turned away from the camera the knees bend towards or away from it; film side-on to measure it.',
            ]
          : []),
        ...(slowed ? [SLOW_MOTION_SUSPECTED] : []),
      ],
      summary: `${shots.length === 1 ? 'One shot was' : `${shots.length} shots were`} found, each from the dip through the set point to the release.`,
    };
  },
  points(athlete, reading, records) {
    const release = reading.events.find((e) => e.name === 'release');
    return release
      ? [
          momentPoint(
            athlete,
            basketballShot,
            release,
            records,
            'arms',
            'Hold the follow-through until the ball lands.',
          ),
        ]
      : [];
  },
};
