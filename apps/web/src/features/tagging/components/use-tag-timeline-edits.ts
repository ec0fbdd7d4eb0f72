import type { TagEvent } from '@filmroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toastError } from '@/components/ui/use-toast';
import {
  createTagEvent,
  deleteTagEvent,
  dropTagEventFromCache,
  putTagEventInCache,
  updateTagEvent,
} from '../api/tag-events';
import { tagAddressPrefix } from '../api/tag-keys';

/**
 * What the timeline's edits do on the server: each shows at once in the cached events and is
 * put back (from the server's list) if the server refuses it. The counts follow.
 */
export function useTagTimelineEdits(videoId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(tagAddressPrefix(videoId)),
      });
    const failed = (error: Error) => {
      toastError(error);
      void refresh();
    };
    return {
      onAdjust: (event: TagEvent, range: { start: number; end: number }) => {
        putTagEventInCache(queryClient, videoId, { ...event, ...range });
        updateTagEvent(videoId, event.id, range).then(refresh, failed);
      },
      onDelete: (events: TagEvent[]) => {
        for (const event of events) dropTagEventFromCache(queryClient, videoId, event.id);
        Promise.all(events.map((event) => deleteTagEvent(videoId, event.id))).then(refresh, failed);
      },
      // Back as new events with the same in, out, labels, player and period.
      onRestore: (events: TagEvent[]) => {
        Promise.all(
          events.map((event) =>
            createTagEvent(videoId, {
              code: event.code,
              colour: event.colour,
              start: event.start,
              end: event.end,
              leadSeconds: event.leadSeconds,
              lagSeconds: event.lagSeconds,
              labels: event.labels,
              playerId: event.playerId,
              period: event.period,
            }),
          ),
        ).then((restored) => {
          for (const event of restored) putTagEventInCache(queryClient, videoId, event);
          return refresh();
        }, failed);
      },
    };
  }, [queryClient, videoId]);
}
