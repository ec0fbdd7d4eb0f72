import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { videos } from '../../db/schema';
import type { Log } from '../../lib/logger';
import { workSourceOf } from '../../lib/work-source';
import { videoKeys, type BlobStore } from '../../storage';
import { contentTypeOf, writeInParallel, type StreamingKeys } from './prepare-streaming';

/**
 * What a video's prepared files are a function of: the original's bytes, the length limit and
 * the code that prepares. The same clip uploaded again (to a second team, after a delete, by a
 * bulk upload that holds it twice) is ready at once with the first one's files.
 */
export const preparationSourceOf = (original: string, maxVideoSeconds: number) =>
  workSourceOf(original, `maxSeconds=${maxVideoSeconds}`);

export type Preparation = {
  duration: number | null;
  size: { width: number; height: number };
  streaming: StreamingKeys | null;
};

type Dependencies = { db: Database; blobs: BlobStore; log: Log };

/**
 * Copies, under this video's prefix, the prepared files of another ready video of the same
 * source, and says what they are. Null when there is none, or it went while being copied: then
 * the video is prepared from its own file (which writes over anything copied so far).
 */
export async function copyPreparationOfSameSource(
  { db, blobs, log }: Dependencies,
  source: string,
  videoId: string,
  signal: AbortSignal,
): Promise<Preparation | null> {
  const [twin] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.preparedFrom, source), eq(videos.status, 'ready'), ne(videos.id, videoId)))
    .limit(1);
  if (!twin?.mediaKey || twin.width === null || twin.height === null) return null;

  const from = videoKeys.prefix(twin.id);
  const to = videoKeys.prefix(videoId);
  const rebased = (key: string) => {
    if (!key.startsWith(from)) throw new Error(`${key} is not under ${from}`);
    return `${to}${key.slice(from.length)}`;
  };
  try {
    const keys = [twin.mediaKey, twin.posterKey, twin.thumbnailKey].filter((key) => key !== null);
    if (twin.streamKey) keys.push(...(await blobs.list(videoKeys.stream(twin.id))));
    if (twin.storyboardKey) keys.push(...(await blobs.list(videoKeys.storyboard(twin.id))));
    await writeInParallel(
      keys,
      async (key) =>
        blobs.write(rebased(key), await blobs.read(key), { contentType: contentTypeOf(key) }),
      signal,
    );
  } catch (error) {
    if (signal.aborted) throw error;
    log.warn({ err: error, videoId, original: twin.id }, 'could not copy the same source');
    return null;
  }
  log.info({ videoId, original: twin.id }, 'reused the preparation of a video of the same source');
  return {
    duration: twin.duration,
    size: { width: twin.width, height: twin.height },
    streaming:
      twin.streamKey && twin.storyboardKey
        ? { streamKey: rebased(twin.streamKey), storyboardKey: rebased(twin.storyboardKey) }
        : null,
  };
}
