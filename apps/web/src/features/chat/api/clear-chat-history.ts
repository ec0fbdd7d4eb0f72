import type { ChatMessage, MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { chatHistoryQueryKey } from './get-chat-history';

/** Clears the asker's conversation about the video (other people's stay). */
async function clearChatHistory(videoId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `/api/videos/${videoId}/chat`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to clear chat history');
}

export function useClearChatHistory(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearChatHistory(videoId),
    onSuccess: () => {
      // Spec §8 wording, whatever the server's message says.
      toastSuccess('Chat history cleared successfully');
      queryClient.setQueryData<ChatMessage[]>(chatHistoryQueryKey(videoId), []);
    },
  });
}
