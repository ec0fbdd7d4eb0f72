// What the load rows need on the server: a signed-in coach, one really prepared clip to read
// ranges of, and a library of videos inserted straight into the database (fast; the list
// endpoint reads rows only, so those need no files).
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../apps/server/src/db/connection';
import { videos } from '../apps/server/src/db/schema';
import { videoKeys } from '../apps/server/src/modules/videos/video-keys';

export type Account = { id: string; cookie: string };

const PREPARATION_TIMEOUT_MS = 60_000;

export async function registerCoach(
  origin: string,
  credentials: { username: string; password: string },
): Promise<Account> {
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ ...credentials, name: 'Load Coach', isCoach: true }),
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
  const form = new FormData();
  form.set('title', 'Load clip');
  form.set('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const uploaded = await fetch(`${origin}/api/videos`, {
    method: 'POST',
    headers: { cookie: account.cookie, origin },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  const { id } = (await uploaded.json()) as { id: string };

  type Video = { status: string; url: string | null; failureReason: string | null };
  for (const started = performance.now(); performance.now() - started < PREPARATION_TIMEOUT_MS;) {
    const response = await fetch(`${origin}/api/videos/${id}`, {
      headers: { cookie: account.cookie },
    });
    const video = (await response.json()) as Video;
    if (video.status === 'failed') throw new Error(`preparation failed: ${video.failureReason}`);
    if (video.status === 'ready' && video.url) {
      const head = await fetch(`${origin}${video.url}`, {
        method: 'HEAD',
        headers: { cookie: account.cookie },
      });
      return { url: video.url, bytes: Number(head.headers.get('content-length')) };
    }
    await sleep(200);
  }
  throw new Error('the clip was not prepared in time');
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
