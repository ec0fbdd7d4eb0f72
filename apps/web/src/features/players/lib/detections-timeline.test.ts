import { describe, expect, it } from 'vitest';
import { detectionAt as detection } from './test-detection';
import {
  detectionsTimeline,
  formatMarkerTime,
  markerHeightPercent,
  markerLabel,
  timelineLabels,
  timelinePercent,
} from './detections-timeline';

describe('detectionsTimeline', () => {
  it('puts detections within 0.1 s of a group start into one marker', () => {
    const { markers, end } = detectionsTimeline(
      [4.25, 0.5, 4.2, 4.3, 0.61, 10, 4.2].map(detection),
    );
    expect(end).toBe(10);
    expect(markers.map(({ timestamp, count }) => [timestamp, count])).toEqual([
      [0.5, 1],
      // 0.61 is 0.11 s after 0.5: a marker of its own.
      [0.61, 1],
      // 4.3 is exactly 0.1 s after 4.2, despite 4.3 - 4.2 being 0.0999…9 or 0.100…1.
      [4.2, 4],
      [10, 1],
    ]);
  });

  it('anchors a group on its start, so a run of close detections does not chain into one', () => {
    const { markers } = detectionsTimeline([0, 0.08, 0.16, 0.24].map(detection));
    expect(markers.map(({ timestamp, count }) => [timestamp, count])).toEqual([
      [0, 2],
      [0.16, 2],
    ]);
  });

  it('places markers as a percentage of the latest detection time, with their heights', () => {
    const { markers } = detectionsTimeline(
      [2, 2, 2, 8, ...Array.from({ length: 9 }, () => 8.05)].map(detection),
    );
    expect(markers).toEqual([
      { timestamp: 2, count: 3, heightPercent: 60, leftPercent: (2 / 8.05) * 100 },
      { timestamp: 8, count: 10, heightPercent: 100, leftPercent: (8 / 8.05) * 100 },
    ]);
  });

  it("spans an analysed range's bar from the range's start to its end", () => {
    const { markers, start, end } = detectionsTimeline([725, 800].map(detection), {
      start: 720,
      end: 870,
    });
    expect([start, end]).toEqual([720, 870]);
    expect(markers.map((marker) => marker.leftPercent)).toEqual([
      (5 / 150) * 100,
      (80 / 150) * 100,
    ]);
    expect(timelineLabels(end, start)).toEqual({ start: '12:00', end: '14:30' });
  });

  it('has no markers and no length without detections', () => {
    expect(detectionsTimeline([])).toEqual({ markers: [], start: 0, end: 0 });
  });

  it('keeps detections all at 0 s at the start of a bar with no length', () => {
    expect(detectionsTimeline([detection(0), detection(0)])).toEqual({
      start: 0,
      end: 0,
      markers: [{ timestamp: 0, count: 2, heightPercent: 50, leftPercent: 0 }],
    });
  });
});

describe('markerHeightPercent', () => {
  it.each([
    [1, 40],
    [3, 60],
    [7, 100],
    [12, 100],
  ])('%i detections stand %i %% tall', (count, height) => {
    expect(markerHeightPercent(count)).toBe(height);
  });
});

describe('timelinePercent', () => {
  it('is a percentage of the end, clamped to the bar', () => {
    expect(timelinePercent(3, 12)).toBe(25);
    expect(timelinePercent(12, 12)).toBe(100);
    // Playback past the latest detection holds the playhead at the end.
    expect(timelinePercent(13, 12)).toBe(100);
    expect(timelinePercent(-1, 12)).toBe(0);
    expect(timelinePercent(5, 0)).toBe(0);
    expect(timelinePercent(Number.NaN, 12)).toBe(0);
  });
});

describe('labels', () => {
  it('labels the bar from 0:00 to the latest detection time as m:ss', () => {
    expect(timelineLabels(12.8)).toEqual({ start: '0:00', end: '0:12' });
    expect(timelineLabels(75)).toEqual({ start: '0:00', end: '1:15' });
    expect(timelineLabels(0)).toEqual({ start: '0:00', end: '0:00' });
  });

  it('names a marker by its count and its time to the tenth', () => {
    expect(markerLabel({ timestamp: 4.2, count: 3 })).toBe('3 detections at 0:04.2');
    expect(markerLabel({ timestamp: 0, count: 1 })).toBe('1 detection at 0:00.0');
    expect(formatMarkerTime(65.04)).toBe('1:05.0');
    expect(formatMarkerTime(59.96)).toBe('1:00.0');
  });
});
