import type { ForgotPasswordBody, ForgotPasswordResponse } from '@filmroom/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

/**
 * Asks for a set-password link by e-mail. The answer is the same whether or not the account
 * exists; it says whether this server mails the link or keeps it for its administrator.
 */
async function requestPasswordLink(body: ForgotPasswordBody): Promise<ForgotPasswordResponse> {
  const res = await apiRequest('POST', '/api/forgot-password', body);
  return (await res.json()) as ForgotPasswordResponse;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordLink });
}
