import type { AthleteReading } from '@filmroom/contract';

/**
 * A confident basketball-shot reading of one tracked person, shooting at each of `releases`
 * (seconds): what the coach engine writes for a clip of shots, so suggested events have
 * something to suggest.
 */
export function shotReading(
  releases: number[],
  overrides: Partial<AthleteReading> = {},
): AthleteReading {
  return {
    index: 1,
    name: 'Athlete 1',
    trackId: 1,
    playerMatchId: null,
    movement: 'basketball_shot',
    movementLabel: 'Basketball shot',
    confidence: 0.95,
    movementSource: 'detected',
    view: 'side',
    viewConfidence: 0.9,
    events: releases.flatMap((t) => [
      { name: 'set_point', label: 'Set point', t: Math.max(0, t - 0.2) },
      { name: 'release', label: 'Release', t },
    ]),
    repetitions: releases.length,
    metrics: [],
    withheld: [],
    ...overrides,
  };
}
