import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Database } from '../src/db/connection';
import { videoKeys, type BlobStore } from '../src/storage';
import { makeClip } from './media-clips';
import { insertReadyVideo } from './videos';

let playable: Promise<Buffer> | undefined;
/** A real 6 s H.264 MP4 (made once per run): clips are cut from it by the real ffmpeg. */
export const playableMp4 = () =>
  (playable ??= makeClip('six-seconds.mp4', {
    seconds: 6,
    size: '160x120',
    videoArgs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'],
  }).then((file) => readFile(file)));

/** A ready 6 s video of the owner's whose media is a real MP4, for tests that cut clips. */
export async function insertPlayableVideo(
  deps: { db: Database; blobs: BlobStore },
  ownerId: string,
  options: { title?: string } = {},
): Promise<string> {
  const id = await insertReadyVideo(deps, ownerId, { duration: 6, ...options });
  await deps.blobs.write(videoKeys.media(id), Readable.from([await playableMp4()]), {
    contentType: 'video/mp4',
  });
  return id;
}
