import type { MailOutbox } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAIL_OUTBOX_QUERY_KEY } from '@/lib/query-keys';

export function getMailOutboxQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<MailOutbox>({
    queryKey: MAIL_OUTBOX_QUERY_KEY,
    // The panel shows its own error state.
    meta: { showErrorToast: false },
  });
}

/** How this server delivers mail, and what it kept instead of sending (beyond the spec). */
export function useMailOutbox() {
  return useQuery(getMailOutboxQueryOptions());
}
