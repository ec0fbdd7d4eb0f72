import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePicture, JerseyNumberReader } from '../src/index';
import { trackJerseyNumber } from '../src/jersey-number';
import { ffmpegPath } from '../src/ffmpeg';

/** DejaVu comes with Debian's fontconfig; without it the printed-number image cannot be made. */
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

describe.skipIf(!existsSync(FONT))('JerseyNumberReader (offline OCR)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vision-ocr-'));
  const reader = new JerseyNumberReader();
  afterAll(async () => {
    await reader.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A shirt-like crop with a number printed by ffmpeg's drawtext. */
  function printed(text: string, background: string, ink: string): string {
    const file = path.join(folder, `${text}-${background}.png`);
    const result = spawnSync(ffmpegPath, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${background}:s=70x90`,
      '-vf',
      `drawtext=fontfile=${FONT}:text=${text}:fontsize=44:fontcolor=${ink}:x=(w-text_w)/2:y=(h-text_h)/2`,
      '-frames:v',
      '1',
      file,
    ]);
    if (result.status !== 0) throw new Error(String(result.stderr));
    return file;
  }

  it('reads a printed number on a coloured shirt', async () => {
    const reading = await reader.read(await decodePicture(printed('23', 'red', 'white')));
    expect(reading?.value).toBe('23');
    expect(reading!.confidence).toBeGreaterThan(0.6);
  });

  it('reads a single digit, dark on light', async () => {
    const reading = await reader.read(await decodePicture(printed('7', 'white', 'navy')));
    expect(reading?.value).toBe('7');
  });

  it('reports nothing on a plain shirt', async () => {
    const plain = await decodePicture(printed('', 'blue', 'white'));
    expect(await reader.read(plain)).toBeUndefined();
  });
});

describe('trackJerseyNumber', () => {
  const crop = (label: string) => ({ width: 1, height: 1, data: new Uint8Array([label.length]) });
  const reader = (answers: Record<number, string | undefined>) => ({
    read: async (picture: { data: Uint8Array }) => {
      const value = answers[picture.data[0]!];
      return value ? { value, confidence: 0.9 } : undefined;
    },
  });

  it('reports a number two crops agree on, with the share that agreed', async () => {
    const reading = await trackJerseyNumber(reader({ 1: '23', 2: '23', 3: '28' }), [
      crop('a'),
      crop('bb'),
      crop('ccc'),
    ]);
    expect(reading).toEqual({ value: '23', confidence: 0.6 });
  });

  it('ignores a digit read once on a plain shirt', async () => {
    const reading = await trackJerseyNumber(reader({ 1: '4' }), [
      crop('a'),
      crop('bb'),
      crop('ccc'),
    ]);
    expect(reading).toBeUndefined();
  });
});
