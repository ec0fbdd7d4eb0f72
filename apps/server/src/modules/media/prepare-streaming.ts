import { makeStreamingLadder } from '@filmroom/media';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { videoKeys, type BlobStore } from '../../storage';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt',
  '.jpg': 'image/jpeg',
};

/** The type a stored file of a prepared video is served with, from its name. */
export const contentTypeOf = (name: string) =>
  CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';

// Several stores at once: an hour is ~2,700 small segments, one round trip each on S3.
const PARALLEL_WRITES = 8;

/** Runs `write` for every item, a few at a time. */
export async function writeInParallel<T>(
  items: T[],
  write: (item: T) => Promise<unknown>,
  signal: AbortSignal,
): Promise<void> {
  let next = 0;
  const writer = async () => {
    while (next < items.length) {
      signal.throwIfAborted();
      await write(items[next++]!);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, writer));
}

export type StreamingKeys = { streamKey: string; storyboardKey: string };

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * Writes the video's HLS ladder and storyboard from its prepared MP4 into the blob store, under
 * the video's prefix (so they go with it), and returns the keys the video row points at.
 * Files of an earlier run are removed first: a re-run may make fewer renditions or sheets.
 */
export async function prepareStreaming(
  blobs: BlobStore,
  videoId: string,
  options: {
    media: string;
    workDir: string;
    size: { width: number; height: number };
    duration: number;
    hasAudio: boolean;
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<StreamingKeys> {
  const output = path.join(options.workDir, 'streaming');
  const ladder = await makeStreamingLadder(options.media, output, {
    size: options.size,
    duration: options.duration,
    hasAudio: options.hasAudio,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  await blobs.deletePrefix(videoKeys.stream(videoId));
  await blobs.deletePrefix(videoKeys.storyboard(videoId));
  const prefix = videoKeys.prefix(videoId);
  await writeInParallel(
    await filesUnder(output),
    (file) =>
      blobs.write(`${prefix}${file}`, createReadStream(path.join(output, file)), {
        contentType: contentTypeOf(file),
      }),
    options.signal,
  );
  return {
    streamKey: `${prefix}${ladder.masterPlaylist}`,
    storyboardKey: `${prefix}${ladder.storyboard}`,
  };
}
