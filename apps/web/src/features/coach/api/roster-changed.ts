import type { QueryClient } from '@tanstack/react-query';
import { MAIL_OUTBOX_QUERY_KEY } from '@/lib/query-keys';
import { ROSTER_QUERY_KEY } from './get-roster';
import { STUDENTS_QUERY_KEY } from './get-students';

/**
 * What a change to the roster makes out of date: the Athletes list, the Dashboard's Active
 * Athletes count, and (for an added or re-addressed athlete) the mail it caused.
 */
export function refetchAfterRosterChange(queryClient: QueryClient) {
  for (const queryKey of [ROSTER_QUERY_KEY, STUDENTS_QUERY_KEY, MAIL_OUTBOX_QUERY_KEY]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
