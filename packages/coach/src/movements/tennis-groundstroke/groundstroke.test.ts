import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePoses } from '../../index';
import { clipScan, slowedScan } from '../../../testing';

type Label = { events: { name: string; t: number; tol: number }[] };
const labels = JSON.parse(
  readFileSync(new URL('../../../../../../shared/fixtures/labels.json', import.meta.url), 'utf8'),
) as Record<string, Label>;

describe('tennis groundstrokes on the real clock', () => {
  it('reads a real-time rally behind the baseline as groundstrokes, not slow motion', () => {
    const [reading] = analysePoses(clipScan('tennis_groundstrokes-behind-baseline')).readings;
    expect(reading!.movement).toBe('tennis_groundstroke');
    expect(reading!.detectedSlowMotion).toBeUndefined();
  });

  it('places every contact of the real-time rally within its labelled tolerance', () => {
    const [reading] = analysePoses(clipScan('tennis_groundstrokes-behind-baseline'), {
      movement: 'tennis_groundstroke',
    }).readings;
    const contacts = reading!.events.filter((e) => e.name.startsWith('contact'));
    for (const label of labels['tennis_groundstrokes-behind-baseline.mp4']!.events) {
      const nearest = Math.min(...contacts.map((c) => Math.abs(c.t - label.t)));
      expect(nearest, `${label.name} at ${label.t}`).toBeLessThanOrEqual(label.tol + 1e-9);
    }
  });

  it('still reads the same rally played 2.5 times slower as slowed', () => {
    const scan = slowedScan(clipScan('tennis_groundstrokes-behind-baseline'), 2.5);
    const [reading] = analysePoses(scan).readings;
    expect(reading!.movement).toBe('tennis_groundstroke');
    expect(reading!.detectedSlowMotion).toBeGreaterThanOrEqual(2);
    expect(reading!.detectedSlowMotion).toBeLessThanOrEqual(3);
  });

  it('reads a real-time shadow one-handed backhand, chosen by the coach, in real time', () => {
    const [reading] = analysePoses(clipScan('tennis_backhand-front-gym'), {
      movement: 'tennis_groundstroke',
    }).readings;
    expect(reading!.detectedSlowMotion).toBeUndefined();
    expect(reading!.repetitions).toBe(1);
  });
});

describe('one whole stroke, nobody saying what it is', () => {
  const scan = clipScan('tennis_backhand-front-gym');

  it('reads the shadow one-handed backhand from the front as a groundstroke, never near-certain', () => {
    const [reading] = analysePoses(scan).readings;
    expect(reading!.movement).toBe('tennis_groundstroke');
    // One stroke is never a set: the reading is offered, not stated as near-certain.
    expect(reading!.confidence).toBeLessThan(0.8);
    const contact = reading!.events.find((e) => e.name.startsWith('contact'));
    expect(Math.abs(contact!.t - 1.36)).toBeLessThanOrEqual(0.06);
  });

  it('abstains on the same stroke with its ready unseen (the free hand never shown on the racket)', () => {
    const late = {
      ...scan,
      tracks: scan.tracks.map((track) => ({
        ...track,
        samples: track.samples.filter((sample) => sample.t >= 0.7),
      })),
    };
    const [reading] = analysePoses(late).readings;
    expect(reading!.movement).toBe('general');
    expect(reading!.candidates?.map((c) => c.movement)).toContain('tennis_groundstroke');
  });
});
