import { describe, expect, it } from 'vitest';
import { detectionAt as detection } from './test-detection';
import { detectionsNear } from './detections-near';

describe('detectionsNear', () => {
  it('keeps detections within 0.5 s of playback', () => {
    const detections = [detection(1), detection(1.5), detection(2.2), detection(0.4)];
    expect(detectionsNear(detections, 1).map((d) => d.timestamp)).toEqual([1, 1.5]);
    expect(detectionsNear(detections, 0.9).map((d) => d.timestamp)).toEqual([1, 0.4]);
    expect(detectionsNear([], 3)).toEqual([]);
  });
});
