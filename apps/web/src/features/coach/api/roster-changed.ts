import type { QueryClient } from '@tanstack/react-query';
import { ROSTER_QUERY_KEY } from './get-roster';
import { STUDENTS_QUERY_KEY } from './get-students';

/**
 * What a change to the roster makes out of date: the Athletes list and the Dashboard's Active
 * Athletes count. (The mail it causes is the athlete's, not the coach's.)
 */
export function refetchAfterRosterChange(queryClient: QueryClient) {
  for (const queryKey of [ROSTER_QUERY_KEY, STUDENTS_QUERY_KEY]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
