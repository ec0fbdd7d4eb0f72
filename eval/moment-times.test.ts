import { formatMoment } from '@filmroom/contract';
import { analysePoses } from '@filmroom/coach';
import { describe, expect, it } from 'vitest';
import { labelledClips } from './fixtures';
import { cachedScan } from './scan-cache';

/**
 * Issue 29 item 6, over every labelled clip's cached scan: the moments the reading's text
 * writes are the moments its chips show (the web writes a chip with formatMoment too), and no
 * moment reads as a whole second ("Dip 0:00" for a dip at 0.9 s).
 */

/** A moment as the text writes it; a bare m:ss would be a moment without its tenth. */
const MOMENT = /(?<![\d:.])(\d{1,3}):([0-5]\d)(\.\d)?(?![\d:])/g;

const clips = await labelledClips();

describe.each(clips.map((c) => [c.clip, c.file] as const))('%s', (_clip, file) => {
  it('writes each key moment and measured moment as its chip shows it', async () => {
    const analysis = analysePoses(await cachedScan(file, { fps: 5 }));
    const text = analysis.textAnalysis;
    const chips = new Set<string>();
    for (const reading of analysis.readings) {
      for (const event of reading.events) {
        const chip = formatMoment(event.t);
        chips.add(chip);
        expect(text, `${event.label} at ${event.t}`).toContain(`${event.label} ${chip}`);
      }
      for (const record of reading.metrics) {
        if (record.t !== null) chips.add(formatMoment(record.t));
      }
    }
    for (const point of analysis.coachingPoints) chips.add(formatMoment(point.timestamp));
    for (const match of text.matchAll(MOMENT)) {
      expect(match[3], `"${match[0]}" has its tenth`).toBeDefined();
      expect(chips, `"${match[0]}" is a moment a chip shows`).toContain(match[0]);
    }
  });
});
