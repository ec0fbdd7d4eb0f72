import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysePoses } from '../../index';
import { serveScan } from '../../../testing';

type Label = { events: { name: string; t: number; tol: number }[] };
const labels = JSON.parse(
  readFileSync(new URL('../../../../../../shared/fixtures/labels.json', import.meta.url), 'utf8'),
) as Record<string, Label>;

const serveEvents = (clip: 'practice-side' | 'side-slowmo') => {
  const [reading] = analysePoses(serveScan(clip), { movement: 'tennis_serve' }).readings;
  return reading!.events;
};

// The labels' names (the coaches' words) for the moments the serve reads by other names.
const LABELLED_AS: Record<string, string> = { ready_ball_bounce: 'ready' };

function placed(clip: 'practice-side' | 'side-slowmo', name: string) {
  const label = labels[`tennis_serve-${clip}.mp4`]!.events.find((e) => e.name === name)!;
  const found = serveEvents(clip).find((e) => e.name === (LABELLED_AS[name] ?? name));
  return { label, found };
}

describe('the tennis serve’s key moments', () => {
  it.each(['trophy', 'take_off', 'contact', 'landing'])(
    'places %s on the side-on practice serve within its labelled tolerance',
    (name) => {
      const { label, found } = placed('practice-side', name);
      expect(found, name).toBeDefined();
      expect(Math.abs(found!.t - label.t), name).toBeLessThanOrEqual(label.tol + 1e-9);
    },
  );

  it('reads the moments in the order a serve makes them', () => {
    const order = [
      'ready',
      'toss_release',
      'trophy',
      // A server leaves the ground as the racket drops: the shoulder's greatest outward turn
      // comes in the air (labels: take-off at frame 42, racket drop at 43).
      'take_off',
      'racket_drop',
      'contact',
      'landing',
    ];
    const events = serveEvents('practice-side');
    const times = order.flatMap((name) => events.filter((e) => e.name === name).map((e) => e.t));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The toss leaves the hand at frames 12-14 (notes in labels.json): 0.48-0.56 s.
    const toss = events.find((e) => e.name === 'toss_release');
    expect(toss?.t).toBeGreaterThanOrEqual(0.4);
    expect(toss?.t).toBeLessThanOrEqual(0.6);
  });

  it.each(['ready_ball_bounce', 'toss_release', 'racket_drop'])(
    'places %s on the slowed serve within its labelled tolerance',
    (name) => {
      const { label, found } = placed('side-slowmo', name);
      expect(found, name).toBeDefined();
      expect(Math.abs(found!.t - label.t), name).toBeLessThanOrEqual(label.tol + 1e-9);
    },
  );

  it('states no flight where the panning camera moves the ground on the picture', () => {
    // The feet sink on the picture through the slowed clip as the camera follows the server:
    // when the feet left the ground and came back cannot be told from their height.
    const names = serveEvents('side-slowmo').map((e) => e.name);
    expect(names).not.toContain('take_off');
    expect(names).not.toContain('landing');
  });
});
