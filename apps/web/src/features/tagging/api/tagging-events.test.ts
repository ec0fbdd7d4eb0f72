import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  suggestionsOnAnalysisHandler,
  suggestionsOnRangeHandler,
  taggingEventHandler,
} from './tagging-events';

const GAME = '7b000000-0000-4000-8000-000000000001';
const OTHER = '7b000000-0000-4000-8000-000000000002';

describe('a tag-event', () => {
  it('refreshes the video’s own counts and every season view counting it, and no other', async () => {
    const queryClient = new QueryClient();
    const addresses = [
      `/api/videos/${GAME}/tag-stats?by=player`,
      `/api/tagging/stats?videoIds=${OTHER}%2C${GAME}&by=player`,
      `/api/tagging/events?videoIds=${GAME}&code=Shot`,
      `/api/tagging/stats?videoIds=${OTHER}&by=player`,
      `/api/videos/${OTHER}/tag-events`,
    ];
    for (const address of addresses) queryClient.setQueryData([address], { cached: true });

    await taggingEventHandler.apply(queryClient, {
      videoId: GAME,
      change: 'created',
      eventId: null,
    });

    const stale = addresses.filter(
      (address) => queryClient.getQueryState([address])!.isInvalidated,
    );
    expect(stale).toEqual(addresses.slice(0, 3));
  });

  it('catches up on season views after the stream was away', () => {
    expect(taggingEventHandler.catchUp!(`/api/tagging/stats?videoIds=${GAME}`)).toBe(true);
    expect(taggingEventHandler.catchUp!(`/api/videos/${GAME}/tag-events`)).toBe(true);
    expect(taggingEventHandler.catchUp!('/api/tagging/templates')).toBe(false);
  });
});

describe('the Suggested row’s refresh', () => {
  const SUGGESTIONS = `/api/videos/${GAME}/tag-suggestions`;
  const addresses = [
    SUGGESTIONS,
    `/api/videos/${GAME}/tag-events`,
    `/api/videos/${OTHER}/tag-suggestions`,
  ];
  const staleAfter = async (apply: (queryClient: QueryClient) => Promise<void>) => {
    const queryClient = new QueryClient();
    for (const address of addresses) queryClient.setQueryData([address], []);
    await apply(queryClient);
    return addresses.filter((address) => queryClient.getQueryState([address])!.isInvalidated);
  };

  it('a dismissal asks again for that video’s suggestions alone: no event changed', async () => {
    const stale = await staleAfter((queryClient) =>
      taggingEventHandler.apply(queryClient, {
        videoId: GAME,
        change: 'suggestion-dismissed',
        eventId: null,
      }),
    );
    expect(stale).toEqual([SUGGESTIONS]);
  });

  it('a written or failed analysis asks again; its progress does not', async () => {
    const state = { id: GAME, progress: 100, failureReason: null };
    for (const status of ['ready', 'failed'] as const) {
      expect(
        await staleAfter((queryClient) =>
          suggestionsOnAnalysisHandler.apply(queryClient, { ...state, status }),
        ),
      ).toEqual([SUGGESTIONS]);
    }
    for (const status of ['scanning', 'analysing'] as const) {
      expect(
        await staleAfter((queryClient) =>
          suggestionsOnAnalysisHandler.apply(queryClient, { ...state, status, progress: 40 }),
        ),
      ).toEqual([]);
    }
  });

  it('a range written, re-run, failed or cancelled asks again; its progress does not', async () => {
    const range = { id: OTHER, videoId: GAME, progress: 0, failureReason: null };
    for (const status of ['ready', 'queued', 'failed', 'cancelled'] as const) {
      expect(
        await staleAfter((queryClient) =>
          suggestionsOnRangeHandler.apply(queryClient, { ...range, status }),
        ),
      ).toEqual([SUGGESTIONS]);
    }
    for (const status of ['scanning', 'analysing'] as const) {
      expect(
        await staleAfter((queryClient) =>
          suggestionsOnRangeHandler.apply(queryClient, { ...range, status }),
        ),
      ).toEqual([]);
    }
  });
});
