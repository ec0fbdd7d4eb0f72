import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { taggingEventHandler } from './tagging-events';

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
