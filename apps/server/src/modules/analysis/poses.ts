import { POSE_KEYPOINT_ORDER, type Poses } from '@filmroom/contract';
import type { VisionScan } from '@filmroom/vision';
import type { BlobStore } from '../../storage';
import { readScan } from './generate-analysis';
import { scanKey } from './scan-keys';

/** The scan's keypoints in the compact form the viewer draws from (boxes and faces left out). */
export function toPoses(scan: VisionScan): Poses {
  return {
    fps: scan.fps,
    tracks: scan.tracks.map((track) => ({
      id: track.id,
      samples: track.samples.map((sample) => ({
        t: sample.t,
        keypoints: POSE_KEYPOINT_ORDER.map((name) => {
          const point = sample.keypoints.find((keypoint) => keypoint.name === name);
          return point ? ([point.x, point.y, point.score] as [number, number, number]) : [0, 0, 0];
        }),
      })),
    })),
  };
}

/** The video's measured poses, or null before its scan is stored. */
export async function readStoredPoses(blobs: BlobStore, videoId: string): Promise<Poses | null> {
  if (!(await blobs.stat(scanKey(videoId)))) return null;
  return toPoses(await readScan(blobs, videoId));
}
