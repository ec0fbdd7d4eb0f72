import { kneeAngleOf } from '../../body-series';
import { momentAt, share, type Athlete } from '../athlete';
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
} from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import { squareToCamera } from '../view';
import { contactTime, findFlight, findRacketDrop, findToss } from './moments';

const SOURCE = 'ITF coaching: loaded legs at the trophy position, full reach at contact';

type Serve = { trophy: number; contact: number; hitter: 'left' | 'right' };

const wristHeight = (athlete: Athlete, i: number, side: 'left' | 'right') => {
  const m = athlete.moments[i]!;
  const w = m.points[`${side}_wrist`];
  return w ? (m.shoulder.y - w.y) / athlete.trunk : undefined;
};

/**
 * Serves: one hand held high (the toss) while the other stays low, then the other hand reaching
 * higher still (contact). Trophy is the end of the toss arm's stretch held near its highest.
 */
export function findServes(athlete: Athlete): Serve[] {
  const serves: Serve[] = [];
  for (const hitter of ['left', 'right'] as const) {
    const tosser = hitter === 'left' ? 'right' : 'left';
    const all = athlete.moments.map((_, i) => i);
    const contact = extreme(all, (i) => wristHeight(athlete, i, hitter));
    if (contact === undefined || (wristHeight(athlete, contact, hitter) ?? 0) < 0.9) continue;
    const t = athlete.moments[contact]!.t;
    const before = between(athlete, t - 1.2, t - 0.15);
    const tossed = extreme(before, (i) => {
      const toss = wristHeight(athlete, i, tosser);
      const hit = wristHeight(athlete, i, hitter);
      return toss !== undefined && hit !== undefined && toss - hit > 0.6 ? toss : undefined;
    });
    const peak = tossed === undefined ? 0 : (wristHeight(athlete, tossed, tosser) ?? 0);
    if (tossed === undefined || peak < 0.8) continue;
    // The trophy position holds the tossing arm up until the body uncoils: its last moment is
    // the last with the tossing hand still near its highest.
    const trophy =
      before
        .filter((i) => i >= tossed && (wristHeight(athlete, i, tosser) ?? 0) >= peak * 0.85)
        .at(-1) ?? tossed;
    serves.push({ trophy: athlete.moments[trophy]!.t, contact: t, hitter });
  }
  return serves.sort((a, b) => a.contact - b.contact).slice(0, 1);
}

/** The serve's key moments the clip shows, in order. */
function serveEvents(athlete: Athlete, serve: Serve) {
  const tosser = serve.hitter === 'left' ? 'right' : 'left';
  const toss = findToss(athlete, tosser, serve.trophy);
  const flight = findFlight(athlete, serve.trophy, serve.contact, toss.tossRelease);
  const drop = findRacketDrop(athlete, serve.hitter, serve.trophy, serve.contact);
  const found = [
    toss.ready !== undefined && event('ready', 'Ready stance', toss.ready),
    toss.tossRelease !== undefined && event('toss_release', 'Toss release', toss.tossRelease),
    event('trophy', 'Trophy position', serve.trophy),
    drop !== undefined && event('racket_drop', 'Racket drop', drop),
    flight.takeOff !== undefined && event('take_off', 'Take-off', flight.takeOff),
    event('contact', 'Contact', contactTime(athlete, serve.hitter, serve.contact)),
    flight.landing !== undefined && event('landing', 'Landing', flight.landing),
  ];
  return found.filter((e) => e !== false).sort((a, b) => a.t - b.t);
}

export const tennisServe: MovementModule = {
  id: 'tennis_serve',
  timed: true,
  label: 'Tennis serve',
  sport: 'tennis',
  sportOwnsClip: true,
  repetition: { one: 'serve', many: 'serves' },
  chart: 'hand_height',
  views: ['side'],
  // A server stands side-on to the court: a camera facing their chest is beside the serve.
  viewFrom: (_athlete, body) =>
    body.view === 'front' || body.view === 'behind' ? { ...body, view: 'side' } : body,
  namedBy: { words: /\b(serve|serving|service motion|tennis serve)\b/i, precedence: 30 },
  phases: [
    {
      event: 'ready',
      label: 'Ready stance',
      at: 'in the ready stance',
      words: /\b(ready|stance|set ?up|bounce)\b/i,
      about: 'standing still side-on, the tossing hand low with the ball, before the toss',
    },
    {
      event: 'toss_release',
      label: 'Toss release',
      at: 'at the toss release',
      words: /\b(release|toss(ing)? arm|ball toss|let go)\b/i,
      about: 'the tossing arm rising straight up and letting the ball go above the head',
    },
    {
      event: 'trophy',
      label: 'Trophy position',
      at: 'in the trophy position',
      words: /\b(trophy|toss|loading|knee bend)\b/i,
      about: 'tossing arm up, racket cocked, legs loaded',
    },
    {
      event: 'take_off',
      label: 'Take-off',
      at: 'at take-off',
      words: /\b(take[- ]?off|leg drive|drive up|jump|push off)\b/i,
      about: 'the legs driving up out of the knee bend, the feet leaving the ground',
    },
    {
      event: 'racket_drop',
      label: 'Racket drop',
      at: 'at the racket drop',
      words: /\b(racket drop|back scratch|external rotation)\b/i,
      about:
        'the racket hanging down the back, the hitting elbow bent and high, just before it straightens',
    },
    {
      event: 'contact',
      label: 'Contact',
      words: /\b(contact|impact|hit|strike|ball)\b/i,
      about: 'the racket meeting the ball at full reach',
    },
    {
      event: 'landing',
      label: 'Landing',
      at: 'on landing',
      words: /\b(land|landing|touch ?down)\b/i,
      about: 'the first foot back on the ground inside the court after contact',
    },
  ],
  faults: [
    {
      id: 'no-leg-load',
      metric: 'trophy_knee',
      title: 'Load the legs at the trophy',
      cue: 'Bend the knees as the toss goes up, then drive up into the ball.',
      topic: 'legs',
      drills: [
        {
          name: 'Trophy holds',
          how: 'Toss and freeze in the trophy position with bent knees for 2 s; 10 reps.',
        },
      ],
    },
    {
      id: 'low-contact',
      metric: 'contact_elbow',
      title: 'Reach up to the ball',
      cue: 'Hit at full stretch: the hitting arm straight above the shoulder at contact.',
      topic: 'arms',
      drills: [
        {
          name: 'Fence reach serves',
          how: 'Serve with a high target; feel the arm fully straight at contact; 20 serves.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const serves = findServes(athlete);
    if (!serves.length) return 0;
    const apart = share(athlete.wristGap, (gap) => gap > 0.8);
    // From the trophy position to contact takes a server about half a second: the uncoiling
    // legs, trunk and arm cannot do it in under a fifth, nor take longer than a second and a half.
    const uncoil = serves[0]!.contact - serves[0]!.trophy;
    return 0.95 * ramp(apart, 0.05, 0.25) * ramp(uncoil, 1.5, 0.6) * ramp(uncoil, 0.2, 0.3);
  },
  read(athlete, context) {
    const serves = findServes(athlete);
    const metrics: MetricDraft[] = [];
    const serve = serves[0];
    let slowed = false;
    let chestToCamera = false;
    if (serve) {
      const trophy = momentAt(athlete, serve.trophy);
      const window = between(athlete, serve.trophy - 0.3, serve.contact);
      const deepest = extreme(window, (i) => kneeAngleOf(athlete.moments[i]!), true);
      const knee = deepest !== undefined ? kneeAngleOf(athlete.moments[deepest]!) : undefined;
      chestToCamera = squareToCamera(athlete, serve.trophy) !== false;
      if (knee !== undefined && !chestToCamera) {
        metrics.push(
          metric({
            key: 'trophy_knee',
            name: 'Deepest knee bend before contact',
            value: knee,
            unit: '°',
            t: athlete.moments[deepest!]!.t,
            event: 'trophy',
            target: '140° or less',
            source: SOURCE,
            status: judged(Math.round(knee), { max: 140 }),
            topic: 'legs',
          }),
        );
      }
      const elbow = straighterElbow(momentAt(athlete, serve.contact));
      if (elbow !== undefined) {
        metrics.push(
          metric({
            key: 'contact_elbow',
            name: 'Hitting elbow at contact',
            value: elbow,
            unit: '°',
            t: serve.contact,
            event: 'contact',
            target: '160° or more',
            source: SOURCE,
            status: judged(Math.round(elbow), { min: 160 }),
            topic: 'arms',
          }),
        );
      }
      const swing = realSeconds(context, serve.contact - trophy.t, 1.5);
      if (swing === undefined) slowed = true;
      else {
        metrics.push(
          metric({
            key: 'trophy_to_contact',
            name: 'Trophy to contact',
            value: swing,
            unit: 's',
            t: serve.contact,
            event: 'contact',
            topic: 'tempo',
          }),
        );
      }
    }
    return {
      events: serve ? serveEvents(athlete, serve) : [],
      repetitions: serves.map((s) => ({ t: s.contact })),
      metrics,
      withheld: [
        'Racket-head speed, ball toss height and ball placement: FilmRoom follows the body, not the racket or the ball.',
        'Shoulder and hip rotation in degrees: a 2D camera cannot measure turns.',
        ...(chestToCamera
          ? [
              'Knee bend at the trophy: the chest faces the camera there, so the knees bend towards it and their angle cannot be read. Film from behind the server, along the line of the serve, to measure it.',
            ]
          : []),
        ...(slowed ? [SLOW_MOTION_SUSPECTED] : []),
      ],
      summary: serve
        ? 'One serve was found, from the trophy position to contact.'
        : 'No complete serve was found.',
    };
  },
  points(athlete, reading, records) {
    const contact = reading.events.find((e) => e.name === 'contact');
    return contact
      ? [
          momentPoint(
            athlete,
            tennisServe,
            contact,
            records,
            'arms',
            'Contact: hit up at full reach.',
          ),
        ]
      : [];
  },
};
