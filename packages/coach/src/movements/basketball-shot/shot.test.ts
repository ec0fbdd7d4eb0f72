import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePoses } from '../../index';
import { clipScan } from '../../../testing';

type Label = { events: { name: string; t: number; tol: number }[] };
const labels = JSON.parse(
  readFileSync(new URL('../../../../../../shared/fixtures/labels.json', import.meta.url), 'utf8'),
) as Record<string, Label>;

// Two scans of the same free throw: in one the left wrist and elbow go unseen for a sample each
// just before release. The shot's moments must not move with one keypoint.
describe.each(['scan', 'rescan'] as const)('the free throw’s moments (%s)', (which) => {
  const [reading] = analysePoses(clipScan('basketball_freethrow-side-gym', which), {
    movement: 'basketball_shot',
  }).readings;

  it.each(['dip', 'set_point', 'release'])('places %s within its labelled tolerance', (name) => {
    const label = labels['basketball_freethrow-side-gym.mp4']!.events.find((e) => e.name === name)!;
    const found = reading!.events.find((e) => e.name === name);
    expect(found, name).toBeDefined();
    expect(Math.abs(found!.t - label.t), name).toBeLessThanOrEqual(label.tol + 1e-9);
  });
});
