// What the load rows need on the server: a signed-in coach, one really prepared clip to read
// ranges of, and a library of videos inserted straight into the database (fast; the list
// endpoint reads rows only, so those need no files).
import type { Database } from '../apps/server/src/db/connection';
import { videos } from '../apps/server/src/db/schema';
import { videoKeys } from '../apps/server/src/modules/videos/video-keys';
import { postJson, uploadFile, waitForVideo } from '../apps/server/test/http-client';

export type Account = { id: string; cookie: string };

const PREPARATION_TIMEOUT_MS = 60_000;

export async function registerCoach(
  origin: string,
  credentials: { username: string; password: string },
): Promise<Account> {
  const response = await postJson(origin, '/api/register', {
    ...credentials,
    name: 'Load Coach',
    isCoach: true,
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** Uploads a clip through the API and waits for preparation: the file /uploads then serves. */
export async function uploadPreparedClip(
  origin: string,
  account: Account,
  clip: string,
): Promise<{ url: string; bytes: number }> {
  const { id } = await uploadFile(origin, account.cookie, clip, 'video/mp4', 'Load clip');
  const video = await waitForVideo(
    origin,
    account.cookie,
    id,
    (state) => state.status !== 'processing',
    PREPARATION_TIMEOUT_MS,
  );
  if (video.status !== 'ready' || !video.url) {
    throw new Error(`preparation failed: ${video.failureReason}`);
  }
  const head = await fetch(`${origin}${video.url}`, {
    method: 'HEAD',
    headers: { cookie: account.cookie },
  });
  return { url: video.url, bytes: Number(head.headers.get('content-length')) };
}

/** Ready videos as if uploaded and prepared, a minute apart, newest first. */
export async function insertReadyVideos(db: Database, ownerId: string, count: number) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    return {
      id,
      ownerId,
      title: `Practice ${index + 1}`,
      originalKey: videoKeys.original(id),
      originalType: 'video/mp4',
      originalBytes: 50_000_000,
      mediaKey: videoKeys.media(id),
      posterKey: videoKeys.poster(id),
      thumbnailKey: videoKeys.thumbnail(id),
      status: 'ready' as const,
      progress: 100,
      duration: 60 + (index % 600),
      width: 1280,
      height: 720,
      createdAt: new Date(now - index * 60_000),
    };
  });
  await db.insert(videos).values(rows);
}
