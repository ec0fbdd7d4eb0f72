import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanVideo } from '../src/index';
import type { Box, Track, VisionScan } from '../src/index';
import { iou } from '../src/geometry';
import { fixture } from './fixtures';

type Labels = Record<string, { fps: number; events?: { name: string; t: number }[] }>;
const labels = JSON.parse(readFileSync(fixture('labels.json'), 'utf8')) as Labels;

function mainTrack(scan: VisionScan): Track {
  const [main] = [...scan.tracks].sort((a, b) => b.samples.length - a.samples.length);
  if (!main) throw new Error('no track');
  return main;
}

/** The labelled moment, from the clip's ground truth (hand-stepped through the frames). */
function labelled(clip: string, event: string): { t: number; fps: number } {
  const label = labels[clip];
  const t = label?.events?.find((e) => e.name === event)?.t;
  if (!label || t === undefined) throw new Error(`no ${event} in labels for ${clip}`);
  return { t, fps: label.fps };
}

describe('fast movements are sampled at the source frame rate', () => {
  it.each([
    ['golf_down-the-line-simulator-indoor.mp4', 'impact'],
    ['basketball_freethrow-side-gym.mp4', 'release'],
    ['tennis_serve-practice-side.mp4', 'contact'],
  ])('%s: the %s falls among samples one source frame apart', async (clip, event) => {
    const moment = labelled(clip, event);
    const scan = await scanVideo(fixture(`video/${clip}`), { fps: 5, workers: 2, faces: false });
    expect(scan.fps).toBe(5);
    expect(scan.sourceFps).toBeCloseTo(moment.fps, 1);
    const frame = 1 / moment.fps;
    const main = mainTrack(scan);

    // A dense window covers the moment and a frame either side, for the athlete.
    const window = scan.denseWindows?.find(
      (w) => w.start <= moment.t - frame && w.end >= moment.t + frame,
    );
    expect(window, JSON.stringify(scan.denseWindows)).toBeDefined();
    expect(window!.trackIds).toContain(main.id);

    // Around the moment, consecutive samples are consecutive source frames: two before it and
    // two after, so the moment itself is within a frame of a sample.
    const times = main.samples.map((s) => s.t);
    const next = times.findIndex((t) => t > moment.t);
    expect(next).toBeGreaterThan(1);
    const around = times.slice(next - 2, next + 2);
    expect(around).toHaveLength(4);
    for (let i = 1; i < around.length; i++) {
      expect(around[i]! - around[i - 1]!).toBeGreaterThan(frame * 0.5);
      expect(around[i]! - around[i - 1]!).toBeLessThan(frame * 1.5);
    }
    expect(Math.min(...around.map((t) => Math.abs(t - moment.t)))).toBeLessThanOrEqual(frame);

    for (const track of scan.tracks) {
      // One time line per track: sorted, no time twice.
      for (let i = 1; i < track.samples.length; i++) {
        expect(track.samples[i]!.t).toBeGreaterThan(track.samples[i - 1]!.t);
      }
      // Without the dense samples, the base-rate series: at most one sample per 1/fps step.
      const steps = track.samples.filter((s) => !s.dense).map((s) => Math.floor(s.t * 5 + 1e-3));
      expect(new Set(steps).size).toBe(steps.length);
    }

    // Dense samples lie in the windows, on the tracks named there, and are the same athlete as
    // the base samples beside them (the box barely moves in a frame or two).
    const dense = main.samples.filter((s) => s.dense);
    expect(dense.length).toBeGreaterThanOrEqual(10);
    const base = main.samples.filter((s) => !s.dense);
    for (const sample of dense) {
      const inside = scan.denseWindows!.find((w) => sample.t >= w.start && sample.t < w.end);
      expect(inside?.trackIds).toContain(main.id);
      const beside = base.reduce((a, b) =>
        Math.abs(b.t - sample.t) < Math.abs(a.t - sample.t) ? b : a,
      );
      expect(iou(sample.box as Box, beside.box as Box)).toBeGreaterThan(0.4);
    }
    // Nobody new appears in the dense pass: every track has base samples.
    for (const track of scan.tracks) expect(track.samples.some((s) => !s.dense)).toBe(true);
  });

  it('stops ffmpeg and the workers when aborted during the dense pass', async () => {
    const controller = new AbortController();
    let dense = false;
    const scanning = scanVideo(fixture('video/tennis_serve-practice-side.mp4'), {
      fps: 5,
      workers: 2,
      faces: false,
      signal: controller.signal,
      // The base pass reports up to 0.85; beyond is the dense pass.
      onProgress: (fraction) => {
        if (fraction <= 0.85) return;
        dense = true;
        controller.abort(new Error('stop'));
      },
    });
    await expect(scanning).rejects.toThrow('stop');
    expect(dense).toBe(true);
  });
});
