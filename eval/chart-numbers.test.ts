import { analysePoses } from '@filmroom/coach';
import { describe, expect, it } from 'vitest';
import { labelledClips } from './fixtures';
import { cachedScan } from './scan-cache';

/**
 * Issue 29 item 6, over every labelled clip's cached scan: the chart under the analysis and the
 * table quote one measure. The chart names its extremes as single frames ("Lowest frame 98°");
 * the table reads rep bottoms. Neither may contradict the other: no table number of the chart's
 * measure lies outside the chart's lowest and highest frame, and where the table quotes the
 * chart's lowest frame itself (the deepest rep's bottom, at the same moment) it is the same
 * number.
 */

const clips = await labelledClips();

/** The chart's value as the table would write it: degrees whole, other units to hundredths. */
function asTable(value: number, unit: string): number {
  return Number(value.toFixed(unit === '°' ? 0 : 2));
}

describe.each(clips.map((c) => [c.clip, c.file] as const))('%s', (_clip, file) => {
  it('quotes the chart’s measure inside its frames, and its lowest frame as the chart does', async () => {
    const analysis = analysePoses(await cachedScan(file, { fps: 5 }));
    const chart = analysis.keyMetric;
    if (!chart) return;
    const reading = analysis.readings.find((r) => r.index === chart.athlete);
    expect(reading, 'the chart follows a reading').toBeDefined();
    const values = chart.samples.map(([, value]) => value);
    const lowest = chart.samples[values.indexOf(Math.min(...values))]!;
    const highest = Math.max(...values);
    const measure = chart.name.toLowerCase();
    const quoted = reading!.metrics.filter(
      (record) =>
        record.unit === chart.unit &&
        record.t !== null &&
        record.name.toLowerCase().includes(measure),
    );
    for (const record of quoted) {
      expect(record.value, `${record.name} ${record.text}`).toBeGreaterThanOrEqual(
        asTable(lowest[1], chart.unit),
      );
      expect(record.value, `${record.name} ${record.text}`).toBeLessThanOrEqual(
        asTable(highest, chart.unit),
      );
      if (Math.abs(record.t! - lowest[0]) < 0.01) {
        expect(record.value, `${record.name} at the lowest frame`).toBe(
          asTable(lowest[1], chart.unit),
        );
      }
    }
  });
});
