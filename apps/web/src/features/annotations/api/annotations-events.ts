import type { AnnotationsChangedEvent } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { annotationsQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/**
 * An `annotations` event: someone added, deleted, replied to or reacted on one of the video's
 * annotations. Only a page showing that video has the list active and fetches it again.
 */
export async function applyAnnotationsEventToCache(
  queryClient: QueryClient,
  event: AnnotationsChangedEvent,
): Promise<void> {
  await refetchAfterEvent(queryClient, annotationsQueryKey(event.id));
}

export const annotationsEventHandler = defineEventHandler({
  event: 'annotations',
  apply: applyAnnotationsEventToCache,
  catchUp: (address) => /^\/api\/videos\/[^/]+\/annotations$/.test(address),
});
