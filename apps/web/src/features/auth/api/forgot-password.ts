import type { ForgotPasswordBody, MessageResponse } from '@filmroom/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

/** Asks for a set-password link by e-mail. The answer is the same whether or not the account exists. */
async function requestPasswordLink(body: ForgotPasswordBody): Promise<MessageResponse> {
  const res = await apiRequest('POST', '/api/forgot-password', body);
  return (await res.json()) as MessageResponse;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordLink });
}
