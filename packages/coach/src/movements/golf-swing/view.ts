import { median } from '../../geometry';
import { wristsOf, type Athlete } from '../athlete';
import { viewConfidence, type ViewEstimate } from '../view';

/**
 * A golf swing's view in golf's words: the hands hang out in front of the hips at address when
 * seen down the line, under them face-on.
 */
export function golfView(athlete: Athlete): ViewEstimate {
  const start = athlete.moments.slice(0, Math.max(3, Math.round(athlete.moments.length / 5)));
  const reach = start.flatMap((m) => {
    const wrists = wristsOf(m);
    if (!wrists.length) return [];
    const x = wrists.reduce((sum, w) => sum + w.x, 0) / wrists.length;
    return [Math.abs(x - m.hip.x) / athlete.trunk];
  });
  if (!reach.length) return { view: 'unknown', confidence: 0 };
  const offset = median(reach);
  return offset >= 0.4
    ? { view: 'down_the_line', confidence: viewConfidence(Math.min(0.95, 0.5 + offset / 2)) }
    : { view: 'face_on', confidence: viewConfidence(Math.min(0.95, 0.9 - offset)) };
}
