import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import type { Worker as TesseractWorker } from 'tesseract.js';
import type { RgbPicture } from './frames';
import { encodePng, enlarge } from './png';
import type { JerseyNumberReading } from './types';

const require = createRequire(import.meta.url);

/** Below this tesseract confidence (0-100) a reading is not reported. */
const MIN_CONFIDENCE = 60;
/** Torso crops read per track: the best few by pose certainty and size. */
const OCR_PER_TRACK = 3;

/**
 * Reads printed jersey numbers with tesseract.js, fully offline: the English LSTM data comes from
 * the `@tesseract.js-data/eng` package (`4.0.0_best_int`), the cache goes under the system temp
 * folder, and nothing is fetched. One tesseract worker is started lazily and reused.
 */
export class JerseyNumberReader {
  private worker: Promise<TesseractWorker> | undefined;

  private start(): Promise<TesseractWorker> {
    this.worker ??= (async () => {
      const data = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
      const cachePath = path.join(os.tmpdir(), 'filmroom-tesseract');
      mkdirSync(cachePath, { recursive: true });
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: path.join(data, '4.0.0_best_int'),
        cachePath,
        gzip: true,
      });
      // Mode 6 (a block of text) found small single digits that mode 7 (one line) missed. No
      // digit whitelist: with one, tesseract reports confidence 0; digits are filtered after.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
      return worker;
    })();
    return this.worker;
  }

  /** The number printed on a torso crop, or undefined when nothing legible is there. */
  async read(torso: RgbPicture): Promise<JerseyNumberReading | undefined> {
    if (torso.width < 8 || torso.height < 8) return undefined;
    const worker = await this.start();
    const image = encodePng(enlarge(torso, 3));
    const { data } = await worker.recognize(image, {}, { blocks: true });
    const words = (data.blocks ?? [])
      .flatMap((block) => block.paragraphs)
      .flatMap((paragraph) => paragraph.lines)
      .flatMap((line) => line.words);
    let best: JerseyNumberReading | undefined;
    for (const word of words) {
      const digits = word.text.replace(/\D/g, '');
      // Jersey numbers are one or two digits (three at most in some leagues).
      if (digits.length === 0 || digits.length > 3) continue;
      // Mostly-letter words that contain a digit are not numbers.
      if (digits.length < word.text.replace(/\W/g, '').length / 2) continue;
      if (word.confidence < MIN_CONFIDENCE) continue;
      if (!best || word.confidence > best.confidence * 100) {
        best = { value: digits, confidence: Math.round(word.confidence) / 100 };
      }
    }
    return best;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}

/**
 * A number is reported for a track only when at least two of its best torso crops read the same
 * digits (one stray glyph on a plain shirt reads as a digit now and then); its confidence is the
 * mean OCR confidence times the share of crops that agree.
 */
export async function trackJerseyNumber(
  reader: Pick<JerseyNumberReader, 'read'>,
  crops: RgbPicture[],
): Promise<JerseyNumberReading | undefined> {
  const tried = crops.slice(0, OCR_PER_TRACK);
  const byValue = new Map<string, number[]>();
  for (const crop of tried) {
    const reading = await reader.read(crop);
    if (reading)
      byValue.set(reading.value, [...(byValue.get(reading.value) ?? []), reading.confidence]);
  }
  const best = [...byValue.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!best || best[1].length < Math.min(2, tried.length)) return undefined;
  const [value, confidences] = best;
  const mean = confidences.reduce((s, c) => s + c, 0) / confidences.length;
  return { value, confidence: Math.round(mean * (confidences.length / tried.length) * 100) / 100 };
}
