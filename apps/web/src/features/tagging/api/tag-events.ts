import type { CreateTagEventBody, TagEvent, UpdateTagEventBody } from '@filmroom/contract';
import { queryOptions, usePrefetchQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { tagEventsQueryKey } from './tag-keys';

const tagEventsQueryOptions = (videoId: string) =>
  queryOptions<TagEvent[]>({
    queryKey: tagEventsQueryKey(videoId),
    meta: { showErrorToast: false },
  });

/** A video's tagged events in timeline order (kept fresh by `tag-event` on the event stream). */
export function useTagEvents(videoId: string) {
  return useQuery(tagEventsQueryOptions(videoId));
}

/**
 * Asks for a video's tagged events without listening for them: a page starts the request
 * early, and only the parts that show the events re-render when they come (1,500 of them
 * re-rendering the whole video page cost more than drawing them).
 */
export function usePrefetchTagEvents(videoId: string) {
  usePrefetchQuery(tagEventsQueryOptions(videoId));
}

export async function createTagEvent(videoId: string, body: CreateTagEventBody): Promise<TagEvent> {
  const res = await apiRequest('POST', `/api/videos/${videoId}/tag-events`, body);
  return (await res.json()) as TagEvent;
}

export async function updateTagEvent(
  videoId: string,
  eventId: string,
  body: UpdateTagEventBody,
): Promise<TagEvent> {
  const res = await apiRequest('PATCH', `/api/videos/${videoId}/tag-events/${eventId}`, body);
  return (await res.json()) as TagEvent;
}

export async function deleteTagEvent(videoId: string, eventId: string): Promise<void> {
  await apiRequest('DELETE', `/api/videos/${videoId}/tag-events/${eventId}`);
}

/** Puts an event into the cached list (replacing one with the same id), in timeline order. */
export function putTagEventInCache(queryClient: QueryClient, videoId: string, event: TagEvent) {
  queryClient.setQueryData<TagEvent[]>(tagEventsQueryKey(videoId), (events = []) =>
    [...events.filter((known) => known.id !== event.id), event].sort((a, b) => a.start - b.start),
  );
}

export function dropTagEventFromCache(queryClient: QueryClient, videoId: string, eventId: string) {
  queryClient.setQueryData<TagEvent[]>(tagEventsQueryKey(videoId), (events) =>
    events?.filter((known) => known.id !== eventId),
  );
}
