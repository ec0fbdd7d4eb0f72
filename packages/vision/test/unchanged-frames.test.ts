import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath, runMediaTool } from '@filmroom/media';
import { scanVideo } from '../src/index';
import { fixture } from './fixtures';

const folder = mkdtempSync(path.join(os.tmpdir(), 'vision-unchanged-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const BLACK_SECONDS = 30;

/** Half a minute of black, then the squats clip (13 s, 360x640, 5 fps): made here, never kept. */
async function blackThenSquats(): Promise<string> {
  const output = path.join(folder, 'black-then-squats.mp4');
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=black:s=360x640:r=5:d=${BLACK_SECONDS}`,
    '-i', fixture('video/squats_single_person.mp4'),
    '-filter_complex',
    '[1:v]scale=360:640,setsar=1,fps=5,format=yuv420p[s];[0:v]format=yuv420p,setsar=1[b];[b][s]concat=n=2:v=1[v]',
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', output,
  ]);
  return output;
}

describe('a scan of a long unchanging stretch', () => {
  it('skips the detector while the picture stays black, and still finds who comes after', async () => {
    const scan = await scanVideo(await blackThenSquats(), {
      fps: 5,
      width: 320,
      workers: 1,
      dense: false,
    });
    const timings = scan.timings!;
    const blackFrames = BLACK_SECONDS * 5;
    // The first few segments go to the detector before it has said "nobody"; after that the
    // black frames cost no inference.
    expect(timings.unchangedFrames).toBeGreaterThanOrEqual(blackFrames - 15);
    expect(timings.unchangedFrames).toBeLessThanOrEqual(blackFrames);
    expect(timings.detectorRuns).toBeLessThanOrEqual(5 + Math.ceil(65 / 3));
    // The athlete who appears after the black is followed as before.
    const [main] = [...scan.tracks].sort((a, b) => b.samples.length - a.samples.length);
    expect(main).toBeDefined();
    expect(main!.samples[0]!.t).toBeGreaterThanOrEqual(BLACK_SECONDS - 0.01);
    expect(main!.samples.length).toBeGreaterThanOrEqual(0.8 * 65);
  });
});
