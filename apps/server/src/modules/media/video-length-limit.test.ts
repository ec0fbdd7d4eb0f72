import type { Video } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';

// Six seconds: the 13 s squats clip is too long, as a 4-hour film would be at the default 180.
const ctx = useTestApp({ MAX_VIDEO_MINUTES: '0.1' }, { work: true });

describe('MAX_VIDEO_MINUTES', () => {
  it('fails a longer video before any work, with a reason the uploader reads', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, cookie);
    const row = await waitUntilPrepared(ctx.database.db, video.id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toBe(
      'The video runs 0.2 minutes; this server takes videos of up to 0.1 minutes. ' +
        'Trim it or split it into parts, and upload it again.',
    );
    // Nothing was made from it and nothing more will be.
    expect(row.mediaKey).toBeNull();
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/`)).toEqual([
      `videos/${video.id}/original`,
    ]);
    const { rows } = await ctx.runtime.deps.pool.query(
      `SELECT 1 FROM pgboss.job WHERE name = 'vision.scan' AND data->>'videoId' = $1`,
      [video.id],
    );
    expect(rows).toEqual([]);
    const detail = await ctx.app.inject({ url: `/api/videos/${video.id}`, headers: { cookie } });
    expect(detail.json<Video>()).toMatchObject({
      status: 'failed',
      failureReason: row.failureReason,
    });
  });
});
