import type { User } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/query-keys';

/**
 * Spec §4 and §9: a 401 means signed out (null), not an error; the answer is never stale and
 * not retried. A failure here gets a full-page error with Retry, so no toast on top of it.
 */
function getUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    staleTime: Infinity,
    retry: false,
    meta: { showErrorToast: false },
  });
}

/** The signed-in user, `null` when signed out, `undefined` while the first answer is on its way. */
export function useUser() {
  return useQuery(getUserQueryOptions());
}
