import type { Poses } from '@filmroom/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingSvg } from '../src/export/overlay-svg';
import { joinExportParts } from '../src/export/join-parts';
import { exportSize, fitWithin, renderExport } from '../src/export/render-export';
import { decodePicture } from '../src/frames';
import { probeMedia } from '../src/probe';
import { makeStill } from '../src/web-video';
import { fixture } from './fixtures';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-export-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The RGB of the pixel at (x, y) percent of a picture. */
function pixelAt(
  picture: { width: number; height: number; data: Uint8Array },
  x: number,
  y: number,
) {
  const column = Math.round((x / 100) * (picture.width - 1));
  const row = Math.round((y / 100) * (picture.height - 1));
  const offset = (row * picture.width + column) * 3;
  return [...picture.data.slice(offset, offset + 3)];
}

/** A still of the export at `seconds`, decoded to RGB. */
async function frameOf(file: string, seconds: number, name: string) {
  const still = path.join(folder, `${name}.png`);
  await makeStill(file, still, { atSeconds: seconds, longSide: 1280, signal: undefined });
  return decodePicture(still, 1280);
}

/** A thick red line across the middle, from x1 to x2 percent of the width. */
const redLine = (x1: number, x2: number) => ({
  shapes: [
    {
      kind: 'line' as const,
      colour: '#ff3b30' as const,
      width: 'thick' as const,
      from: { x: x1, y: 50 },
      to: { x: x2, y: 50 },
    },
  ],
});

describe('renderExport', () => {
  it('burns a drawing in while its note shows, mixes a voice note in and keeps the range', async () => {
    const input = fixture('video/pushup_side-studio.mp4');
    const source = await probeMedia(input);
    const size = exportSize({ width: source.video!.width, height: source.video!.height });
    const output = path.join(folder, 'export.mp4');
    const red = redLine(20, 80);
    // A skeleton of one standing figure (fractions of the frame), measured at 5 fps.
    const standing: [number, number, number][] = Array.from({ length: 17 }, (_, index) => [
      0.5,
      0.2 + index * 0.035,
      0.9,
    ]);
    const poses: Poses = {
      fps: 5,
      tracks: [
        {
          id: 1,
          samples: [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3].map(
            (t) => ({ t, keypoints: standing }),
          ),
        },
      ],
    };
    const progress: number[] = [];
    await renderExport({
      input,
      output,
      start: 1,
      end: 3,
      size,
      // The drawing's note is at 2 s and shows for 3 s: absent for the first second of the export.
      stills: [{ from: 2, to: 5, svg: drawingSvg(red, size) }],
      poses,
      voiceNotes: [{ path: fixture('audio/go_forward_ten_meters.wav'), at: 1.5 }],
      sourceHasAudio: source.audio !== null,
      onProgress: (fraction) => progress.push(fraction),
    });

    const exported = await probeMedia(output);
    expect(exported.video?.codec).toBe('h264');
    expect(exported.video?.width).toBe(size.width);
    expect(exported.audio?.codec).toBe('aac');
    expect(exported.duration).toBeGreaterThan(1.8);
    expect(exported.duration).toBeLessThan(2.3);
    expect(progress.at(-1)).toBeGreaterThan(0.9);

    const [r, g, b] = pixelAt(await frameOf(output, 1.5, 'with-drawing'), 35, 50);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(110);
    expect(b).toBeLessThan(110);
    const before = pixelAt(await frameOf(output, 0.3, 'before-drawing'), 35, 50);
    expect(before[0]! > 200 && before[1]! < 110 && before[2]! < 110).toBe(false);
    // The skeleton's spine runs down the middle in white (centre keypoints), left side in blue.
    const picture = await frameOf(output, 0.5, 'skeleton');
    const spine = pixelAt(picture, 50, 20);
    expect(Math.min(...spine)).toBeGreaterThan(180);
  });

  it('joins parts of different shapes, rates and sounds into one file as long as all of them', async () => {
    const wide = fixture('video/pushup_side-studio.mp4'); // 16:9, 24 fps, with sound
    const tall = fixture('video/squats_single_person.mp4'); // 9:16, 5 fps, silent
    const [wideProbe, tallProbe] = await Promise.all([probeMedia(wide), probeMedia(tall)]);
    const canvas = exportSize({ width: wideProbe.video!.width, height: wideProbe.video!.height });
    const tallSize = fitWithin(
      { width: tallProbe.video!.width, height: tallProbe.video!.height },
      canvas,
    );
    expect(tallSize.height).toBe(canvas.height);
    expect(tallSize.width).toBeLessThan(canvas.width / 2);
    const red = redLine(10, 90);
    const parts = [path.join(folder, 'part-0.mp4'), path.join(folder, 'part-1.mp4')];
    await renderExport({
      input: wide,
      output: parts[0]!,
      start: 1,
      end: 2.5,
      size: canvas,
      canvas,
      stills: [],
      voiceNotes: [],
      sourceHasAudio: wideProbe.audio !== null,
    });
    await renderExport({
      input: tall,
      output: parts[1]!,
      start: 2,
      end: 3,
      size: tallSize,
      canvas,
      stills: [{ from: 0, to: 10, svg: drawingSvg(red, tallSize) }],
      voiceNotes: [],
      sourceHasAudio: tallProbe.audio !== null,
    });
    const joined = path.join(folder, 'joined.mp4');
    await joinExportParts(parts, joined);

    const probe = await probeMedia(joined);
    expect(probe.video).toMatchObject({ codec: 'h264', ...canvas });
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.duration).toBeGreaterThan(2.3);
    expect(probe.duration).toBeLessThan(2.7);
    // Two seconds in is the tall part: centred on black, its drawing in its own frame.
    const picture = await frameOf(joined, 2, 'joined-tall');
    expect(Math.max(...pixelAt(picture, 5, 50))).toBeLessThan(30);
    const [r, g, b] = pixelAt(picture, 50, 50);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(110);
    expect(b).toBeLessThan(110);
  });
});
