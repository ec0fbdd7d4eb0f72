import type { Photo } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const PHOTOS_QUERY_KEY = ['/api/user/photos'] as const;

function getPhotosQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Photo[]>({
    queryKey: PHOTOS_QUERY_KEY,
    // The grid says 'Error loading photos' itself.
    meta: { showErrorToast: false },
  });
}

/** The signed-in user's profile photos, oldest first (the first is the avatar). */
export function usePhotos() {
  return useQuery(getPhotosQueryOptions());
}
