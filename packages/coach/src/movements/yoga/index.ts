import { kneeAngleOf } from '../../body-series';
import { speedSeries } from '../../movement';
import { findStillPeriods } from '../../stillness';
import { momentAt, smoothInTime } from '../athlete';
import { metric } from '../records';
import { deeperKnee, event, ramp, seconds, uprightShare } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

// Wrists faster than this (trunks/s, about 1.7 m/s) are an arm sweeping into the next pose; the
// tremble of arms held out stays under half of it even between frames a thirtieth of a second apart.
const ARM_SWEEP = 3.5;

/**
 * Held poses: stretches of at least two seconds where the hips are still and the arms are not
 * sweeping. Flows often change pose with the arms alone (warrior II to reverse warrior), so hips
 * alone would see one long hold.
 */
function holds(athlete: Parameters<MovementModule['read']>[0]) {
  const speeds = speedSeries(athlete.moments, athlete.bodyLength);
  // Averaged over a few frames: one fast frame is a wrist keypoint jumping, not a sweep.
  const wristSpeed = smoothInTime(
    athlete.wristSpeed,
    athlete.moments.map((m) => m.t),
    0.15,
  );
  const sweeps = athlete.moments
    .filter((_, i) => wristSpeed[i]! > ARM_SWEEP)
    .map((m) => ({ start: m.t, end: m.t }));
  return findStillPeriods(speeds, athlete.bodyLength, sweeps).filter((p) => p.seconds >= 2);
}

export const yoga: MovementModule = {
  id: 'yoga',
  label: 'Yoga / held poses',
  sport: 'yoga',
  sportOwnsClip: false,
  repetition: { one: 'hold', many: 'holds' },
  chart: 'hip_height',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(yoga|warrior|asana|yoga poses?)\b/i, precedence: 110 },
  phases: [
    // The end's words first: "the end of a hold" also says "hold".
    {
      event: 'hold_end',
      label: 'End of a hold',
      at: 'as a hold ends',
      words:
        /\b(end of (the |a )?hold|hold \d+ end(s|ed)?|hold end(s|ed)?|came out|coming out|leaving the pose)\b/i,
      about: 'a held pose ending',
    },
    {
      event: 'hold_start',
      label: 'Start of a hold',
      at: 'as a hold starts',
      words: /\b(hold|pose|warrior|position)\b/i,
      about: 'a held pose beginning',
    },
  ],
  faults: [],
  recognise(athlete) {
    const found = holds(athlete);
    const held = found.reduce((sum, p) => sum + p.seconds, 0);
    const total = seconds(athlete);
    if (!found.length || total <= 0) return 0;
    // A standing pose is held on a bent knee over a wide stance or with the arms stretched
    // out: a player waiting in a ready stance holds still on bent knees too, feet and hands in.
    const bentHolds = found.filter((p) => {
      const m = momentAt(athlete, (p.start + p.end) / 2);
      const armsOut = [m.points.left_wrist, m.points.right_wrist].some(
        (wrist) =>
          wrist &&
          Math.hypot(wrist.x - m.shoulder.x, wrist.y - m.shoulder.y) >= 1.1 * athlete.trunk,
      );
      return (deeperKnee(m) ?? 180) < 140 && ((m.stanceRatio ?? 0) >= 1.6 || armsOut);
    }).length;
    return (
      uprightShare(athlete) *
      ramp(held / total, 0.3, 0.6) *
      // A practice flows through poses: two stills (a ready stance, a finish) are any sport's.
      ramp(found.length, 1, 3) *
      ramp(bentHolds, 0, 1)
    );
  },
  read(athlete) {
    const found = holds(athlete);
    const metrics: MetricDraft[] = [];
    found.forEach((p, i) => {
      const m = momentAt(athlete, (p.start + p.end) / 2);
      metrics.push(
        metric({
          key: `hold_${i + 1}`,
          name: `Hold ${i + 1} length`,
          value: p.seconds,
          unit: 's',
          decimals: 1,
          t: p.start,
          event: 'hold_start',
          topic: 'balance',
        }),
        metric({
          key: `sway_${i + 1}`,
          name: `Hold ${i + 1} hip sway`,
          value: p.sway * 100,
          unit: '% of body length',
          decimals: 1,
          t: p.swayAt,
          event: 'hold_start',
          target: 'under 5% of body length',
          status: p.sway * 100 > 5 ? 'fault' : 'ok',
          topic: 'balance',
        }),
      );
      const knee = kneeAngleOf(m);
      if (knee !== undefined) {
        metrics.push(
          metric({
            key: `knee_${i + 1}`,
            name: `Hold ${i + 1} knee angle`,
            value: deeperKnee(m) ?? knee,
            unit: '°',
            t: m.t,
            event: 'hold_start',
            topic: 'legs',
          }),
        );
      }
    });
    return {
      events: found.flatMap((p, i) => [
        event('hold_start', `Start of hold ${i + 1}`, p.start),
        event('hold_end', `End of hold ${i + 1}`, p.end),
      ]),
      repetitions: [],
      metrics,
      withheld: ["Which pose each hold is: FilmRoom measures the hold, not the pose's name."],
      summary: `${found.length} held pose${found.length === 1 ? ' was' : 's were'} found.`,
    };
  },
};
