import { queryOptions } from '@tanstack/react-query';

/** Every Admin area query starts with this, so an action can refresh the whole area at once. */
export const ADMIN_PREFIX = '/api/admin';

/** A page of the Admin area: the shared query function fetches the key's address. */
export function adminQuery<T>(path: string) {
  return queryOptions<T>({
    queryKey: [`${ADMIN_PREFIX}${path}`],
    // Each page shows its own error state.
    meta: { showErrorToast: false },
  });
}
