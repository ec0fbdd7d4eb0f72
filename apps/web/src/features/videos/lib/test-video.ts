import type { Video } from '@filmroom/contract';

/** A video as the API lists it, still being prepared; tests override what they care about. */
export function testVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: '6f0c1a52-0000-4000-8000-000000000001',
    title: 'Squats',
    description: null,
    url: null,
    streamUrl: null,
    storyboardUrl: null,
    posterUrl: null,
    thumbnailUrl: null,
    status: 'processing',
    progress: 0,
    failureReason: null,
    duration: null,
    width: null,
    height: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    isShared: false,
    accessLevel: null,
    sharedBy: null,
    analysisState: null,
    ...overrides,
  };
}
