import type { AnalysisRange } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { detectionAt as detection } from './test-detection';
import { detectionScans, shownScan } from './detection-scans';

const range = (
  id: string,
  start: number,
  end: number,
  status: AnalysisRange['status'],
): AnalysisRange => ({
  id,
  videoId: 'v',
  start,
  end,
  status,
  progress: status === 'ready' ? 100 : 0,
  failureReason: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  analysis:
    status === 'ready'
      ? {
          textAnalysis: '',
          overallFeedback: null,
          coachingPoints: [],
          playerDetections: [{ ...detection(start + 1), rangeId: id }],
          keyMetric: null,
          athletes: [],
        }
      : null,
});

describe('the scans the Players tab offers', () => {
  const ranges = [
    range('a', 725, 870, 'ready'),
    range('b', 900, 960, 'scanning'),
    range('c', 60, 90, 'ready'),
  ];

  it('names the whole video and each analysed range apart, leaving out ranges not analysed', () => {
    const scans = detectionScans([detection(3)], ranges);
    expect(scans.map((scan) => [scan.id, scan.label, scan.detections.length])).toEqual([
      ['video', 'Whole video', 1],
      ['a', '12:05–14:30', 1],
      ['c', '1:00–1:30', 1],
    ]);
    expect(scans[1]!.range).toBe(ranges[0]);
  });

  it('has no whole-video scan for a video analysed only in ranges', () => {
    expect(detectionScans(null, ranges).map((scan) => scan.id)).toEqual(['a', 'c']);
    expect(detectionScans(null, [])).toEqual([]);
  });

  it('shows the scan picked, else the whole video, else the range analysed last', () => {
    const both = detectionScans([detection(3)], ranges);
    expect(shownScan(both, 'a')?.id).toBe('a');
    expect(shownScan(both, null)?.id).toBe('video');
    // A pick that is gone (its range analysed again, say) falls back.
    expect(shownScan(both, 'gone')?.id).toBe('video');
    expect(shownScan(detectionScans(null, ranges), null)?.id).toBe('c');
    expect(shownScan([], null)).toBeUndefined();
  });
});
