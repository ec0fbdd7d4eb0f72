import type { AcceptTagSuggestionBody, TagEvent, TagSuggestion } from '@filmroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { putTagEventInCache } from './tag-events';
import { tagSuggestionsQueryKey } from './tag-keys';

/**
 * The video's suggested events (editors only: the server refuses viewers). Refreshed with the
 * other tagging addresses when the event stream says its events changed.
 */
export function useTagSuggestions(videoId: string, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions<TagSuggestion[]>({
      queryKey: tagSuggestionsQueryKey(videoId),
      enabled,
      meta: { showErrorToast: false },
    }),
  );
}

/** Takes a decided suggestion off the row at once, before the server's list comes back. */
function useForgetSuggestion(videoId: string) {
  const queryClient = useQueryClient();
  return (suggestionId: string) => {
    queryClient.setQueryData<TagSuggestion[]>(tagSuggestionsQueryKey(videoId), (suggestions) =>
      suggestions?.filter((suggestion) => suggestion.id !== suggestionId),
    );
    void queryClient.invalidateQueries({ queryKey: tagSuggestionsQueryKey(videoId) });
  };
}

/** Accepts a suggestion as an event of the button picked; the event joins the timeline. */
export function useAcceptTagSuggestion(videoId: string) {
  const queryClient = useQueryClient();
  const forget = useForgetSuggestion(videoId);
  return useMutation({
    mutationFn: async ({
      suggestionId,
      body,
    }: {
      suggestionId: string;
      body: AcceptTagSuggestionBody;
    }) => {
      const res = await apiRequest(
        'POST',
        `/api/videos/${videoId}/tag-suggestions/${suggestionId}/accept`,
        body,
      );
      return (await res.json()) as TagEvent;
    },
    onSuccess: (event, { suggestionId }) => {
      putTagEventInCache(queryClient, videoId, event);
      forget(suggestionId);
    },
  });
}

/** Dismisses a suggestion for good on this video. */
export function useDismissTagSuggestion(videoId: string) {
  const forget = useForgetSuggestion(videoId);
  return useMutation({
    mutationFn: async (suggestionId: string) => {
      await apiRequest('POST', `/api/videos/${videoId}/tag-suggestions/${suggestionId}/dismiss`);
    },
    onSuccess: (_nothing, suggestionId) => forget(suggestionId),
  });
}
