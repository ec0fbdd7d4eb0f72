import type { MessageResponse } from '@filmroom/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

/** Turns notification mail off with the token of a mailed link: no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) => {
      const res = await apiRequest('POST', '/api/notifications/unsubscribe', { token });
      return (await res.json()) as MessageResponse;
    },
    // The screen says what went wrong itself.
    meta: { showErrorToast: false },
  });
}
