import { defined, median } from '../../geometry';
import type { Athlete } from '../athlete';
import { straighterElbow } from '../shared';

// At address the arms hang nearly straight from the shoulders (a tennis ready position or a
// shot's set holds the elbows bent well short of this).
const STRAIGHT_ELBOW = 150;
// ...so the hands hang most of an arm's length below the shoulders (trunk lengths; the
// recogniser's own "hands low at address").
const HANDS_LOW = -0.7;
// ...and both hands hold one grip: the wrists within this of each other (trunk lengths, the
// recogniser's "hands together").
const HANDS_JOINED = 0.45;

/**
 * Whether the still stretch before the takeaway (`from` to `takeaway`) shows a golfer's
 * set-up: straight arms, hands hanging low and joined on the grip. The joined hands must be
 * seen (both wrists at once, at least once): standing with the arms hanging looks the same
 * with one wrist hidden. A hidden elbow does not count against it.
 */
export function looksLikeAddress(athlete: Athlete, from: number, takeaway: number): boolean {
  const around = athlete.moments
    .map((moment, i) => ({ moment, i }))
    .filter(({ moment }) => moment.t >= from && moment.t <= takeaway);
  const heights = defined(around.map(({ i }) => athlete.handHeight[i]));
  if (!heights.length || median(heights) > HANDS_LOW) return false;
  const elbows = defined(around.map(({ moment }) => straighterElbow(moment)));
  if (elbows.length && median(elbows) < STRAIGHT_ELBOW) return false;
  const gaps = defined(around.map(({ i }) => athlete.wristGap[i]));
  return gaps.length > 0 && median(gaps) < HANDS_JOINED;
}
