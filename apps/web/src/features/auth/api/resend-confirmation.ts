import type { MessageResponse } from '@filmroom/contract';
import { useMutation } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';

/** Mails a new link that confirms the signed-in account's address. */
async function resendConfirmation(): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/confirm-email/resend');
  return (await res.json()) as MessageResponse;
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: resendConfirmation,
    // The server says where the link went (the inbox, or the log of a server with no relay).
    onSuccess: ({ message }) => toastSuccess(message),
  });
}
