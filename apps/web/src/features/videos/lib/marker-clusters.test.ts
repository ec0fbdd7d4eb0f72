import { describe, expect, it } from 'vitest';
import { clusterMarkers } from './marker-clusters';

/** Notes at these seconds of a clip `duration` long, as the timeline places them. */
const at = (duration: number, ...seconds: number[]) =>
  seconds.map((s, index) => ({ id: index, percent: (s / duration) * 100 }));

describe('clusterMarkers', () => {
  it('gathers notes at the same moment into one cluster, counted, in time order', () => {
    // Issue 29: four notes between 4.2 and 4.8 s of a 13 s clip on a phone (about 340 px).
    const clusters = clusterMarkers(at(13, 4.8, 4.2, 4.5, 4.6, 9), 340);
    expect(clusters.map((c) => c.members.map((m) => m.id))).toEqual([[1, 2, 3, 0], [4]]);
    expect(clusters[0]!.percent).toBeCloseTo((4.5 / 13) * 100, 5);
  });

  it('keeps them apart where the timeline is wide enough to tell them apart', () => {
    // The same notes on a 1440 px page's timeline (about 1000 px): 0.3 s is 23 px.
    const clusters = clusterMarkers(at(13, 4.2, 4.5, 4.8), 1000);
    expect(clusters.map((c) => c.members.length)).toEqual([1, 1, 1]);
  });

  it('chains markers that each touch the next, and has nothing to cluster without markers', () => {
    const clusters = clusterMarkers(at(100, 10, 11, 12, 13), 1000);
    expect(clusters.map((c) => c.members.length)).toEqual([4]);
    expect(clusterMarkers([], 1000)).toEqual([]);
    // A timeline not measured yet (0 px) gathers nothing.
    expect(clusterMarkers(at(13, 4.2, 4.5), 0).map((c) => c.members.length)).toEqual([1, 1]);
  });
});
