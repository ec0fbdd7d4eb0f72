import { describe, expect, it } from 'vitest';
import { analysePoses } from '../../index';
import { swingSet, type SwingSpec } from '../../../testing/synthetic-athlete';

/** A swing drawn from its timing, read as a golf swing chosen by the coach. */
function readSwing(spec: SwingSpec, rate = 60) {
  const analysis = analysePoses(swingSet(spec, rate), { movement: 'golf_swing' });
  const reading = analysis.readings[0]!;
  const at = (name: string) => reading.events.find((e) => e.name === name)?.t;
  const tempo = reading.metrics.find((m) => m.id.endsWith('.tempo'));
  return { analysis, reading, at, tempo };
}

// The synthetic swing: set-up until 1 s, then the backswing, any pause, the downswing.
const TAKEAWAY = 1;

describe('the golf swing read by the hands', () => {
  it.each([60, 5])(
    'places a continuous top where the hands turn down and impact at the bottom (%i samples a second)',
    (rate) => {
      const { at } = readSwing({ backswing: 0.9, downswing: 0.3 }, rate);
      // Between samples: a fifth of a second apart at 5 a second.
      const within = rate === 5 ? 0.1 : 0.05;
      expect(Math.abs(at('top')! - (TAKEAWAY + 0.9))).toBeLessThanOrEqual(within);
      expect(Math.abs(at('impact')! - (TAKEAWAY + 1.2))).toBeLessThanOrEqual(0.03);
      expect(at('address')).toBeLessThan(TAKEAWAY);
      expect(at('downswing_start')).toBeGreaterThanOrEqual(at('top')!);
      expect(at('finish')).toBeGreaterThan(at('impact')!);
    },
  );

  it('times a paused top at the hands’ arrival, and the downswing from the end of the pause', () => {
    const { at } = readSwing({ backswing: 0.9, pause: 0.8, downswing: 0.3 });
    expect(Math.abs(at('top')! - (TAKEAWAY + 0.9))).toBeLessThanOrEqual(0.1);
    expect(Math.abs(at('downswing_start')! - (TAKEAWAY + 1.7))).toBeLessThanOrEqual(0.05);
    expect(Math.abs(at('impact')! - (TAKEAWAY + 2))).toBeLessThanOrEqual(0.03);
  });

  it('keeps a continuous top at the turn on footage slowed beyond the phone factors tried', () => {
    // 12 times slower than life, read at most 8 times slower: the hands' 0.2 s at the top looks
    // like a 0.3 s pause, but they still spend less time there than the downswing takes.
    const slowed = 12;
    const life = { backswing: 0.9, pause: 0.2, downswing: 0.3 };
    const { at } = readSwing(
      {
        backswing: life.backswing * slowed,
        pause: life.pause * slowed,
        downswing: life.downswing * slowed,
      },
      30,
    );
    const turn = TAKEAWAY + (life.backswing + life.pause) * slowed;
    expect(Math.abs(at('top')! - turn)).toBeLessThanOrEqual(0.1 * slowed);
  });

  it('calls a rushed backswing quick, and gives no verdict on a pause it cannot split', () => {
    // 1.5:1 with the hands' top sharp: too quick by any reading of the samples.
    expect(readSwing({ backswing: 0.45, downswing: 0.3 }).tempo?.status).toBe('fault');
    // A pause at the top: where the club turned is not seen, so no verdict either way.
    const paused = readSwing({ backswing: 0.9, pause: 0.8, downswing: 0.3 });
    expect(paused.tempo?.status).toBe('info');
    expect(paused.reading.withheld.join('\n')).toMatch(/Tempo verdict/);
    expect(paused.analysis.coachingPoints.map((p) => p.title)).not.toContain('Smooth the tempo');
  });

  it('finds no swing without a golfer’s set-up, and says what it looked for', () => {
    // The same arm swing from a bent-armed ready position (a racket, not a club).
    const { reading, analysis } = readSwing({ backswing: 0.9, downswing: 0.3, addressElbow: 110 });
    expect(reading.events).toEqual([]);
    expect(analysis.textAnalysis).toMatch(/No golf swing was found: .*set-up/);
  });

  // A club golfer: a one-second backswing, a pause at the top, a downswing of 0.4 s.
  const clubSwing = { backswing: 1, pause: 0.3, downswing: 0.4 };

  it('reads a club golfer’s swing with a pause at the top in real time, not as slow motion', () => {
    const [reading] = analysePoses(swingSet(clubSwing, 30)).readings;
    expect(reading!.movement).toBe('golf_swing');
    expect(reading!.detectedSlowMotion).toBeUndefined();
  });

  it('still reads the same swing played 5.5 times slower as slowed', () => {
    const slowed = { backswing: 5.5, pause: 0.3 * 5.5, downswing: 0.4 * 5.5 };
    const [reading] = analysePoses(swingSet(slowed, 30)).readings;
    expect(reading!.movement).toBe('golf_swing');
    expect(reading!.detectedSlowMotion).toBeGreaterThanOrEqual(4);
    expect(reading!.detectedSlowMotion).toBeLessThanOrEqual(8);
  });
});
