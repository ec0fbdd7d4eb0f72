import { POSE_KEYPOINT_ORDER, type Poses } from '@filmroom/contract';
import { KEYPOINT_NAMES } from '@filmroom/vision';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { videoShares } from '../../db/schema';

const ctx = useTestApp();

describe('GET /api/videos/:id/poses', () => {
  it('gives viewers the measured skeletons in keypoint order, and nobody else', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });
    const poses = (cookie: string) =>
      ctx.app.inject({ url: `/api/videos/${video.id}/poses`, headers: { cookie } });

    expect((await poses(owner.cookie)).statusCode).toBe(409);
    await storeScan(ctx.runtime.deps.blobs, video.id, [
      {
        id: 4,
        samples: [
          {
            t: 1.2,
            box: [0.2, 0.1, 0.4, 0.8],
            score: 0.8,
            keypoints: [
              { name: 'left_hip', x: 0.41, y: 0.55, score: 0.9 },
              { name: 'nose', x: 0.4, y: 0.15, score: 0.95 },
            ],
          },
        ],
      },
    ]);

    const response = await poses(viewer.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<Poses>();
    expect(body.fps).toBe(5);
    const sample = body.tracks[0]!.samples[0]!;
    expect(body.tracks[0]!.id).toBe(4);
    expect(sample.t).toBe(1.2);
    expect(sample.keypoints).toHaveLength(17);
    expect(sample.keypoints[0]).toEqual([0.4, 0.15, 0.95]);
    expect(sample.keypoints[11]).toEqual([0.41, 0.55, 0.9]);
    expect(sample.keypoints[12]).toEqual([0, 0, 0]);

    const stranger = await registerAccount(ctx.app);
    expect((await poses(stranger.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/videos/${video.id}/poses` })).statusCode).toBe(401);
  });
});

describe('the keypoint order', () => {
  // The contract names the order for browsers; vision owns it for the models. One order.
  it('is the one vision measures in', () => {
    expect([...POSE_KEYPOINT_ORDER]).toEqual([...KEYPOINT_NAMES]);
  });
});
