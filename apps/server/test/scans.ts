import type { Track } from '@filmroom/vision';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { scanKey } from '../src/modules/analysis/scan-keys';
import type { BlobStore } from '../src/storage';

/** Stores a measured scan for a video, as vision.scan would, without running the models. */
export async function storeScan(blobs: BlobStore, videoId: string, tracks: Track[]) {
  const scan = { duration: 4, fps: 5, width: 720, height: 1280, frames: 20, tracks };
  await blobs.write(scanKey(videoId), Readable.from([gzipSync(JSON.stringify(scan))]));
}
