import type { ChatMessage } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function chatHistoryQueryKey(videoId: string) {
  return [`/api/videos/${videoId}/chat`] as const;
}

function getChatHistoryQueryOptions(videoId: string) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<ChatMessage[]>({
    queryKey: chatHistoryQueryKey(videoId),
    // The dialog shows its own error state with Retry.
    meta: { showErrorToast: false },
  });
}

/**
 * The signed-in person's own conversation with the AI Coach about the video, oldest first.
 * Loaded when the dialog opens; sending, answering and clearing keep it current.
 */
export function useChatHistory(videoId: string) {
  return useQuery(getChatHistoryQueryOptions(videoId));
}
