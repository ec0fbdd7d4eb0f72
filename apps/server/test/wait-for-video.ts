import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../src/db/connection';
import { videos } from '../src/db/schema';

/** Waits until the video's preparation has ended (ready or failed) and returns its row. */
export async function waitUntilPrepared(db: Database, videoId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await db.select().from(videos).where(eq(videos.id, videoId));
    if (row && row.status !== 'processing') return row;
    await sleep(250);
  }
  throw new Error(`video ${videoId} was still processing after ${timeoutMs} ms`);
}
