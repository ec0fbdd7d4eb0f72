import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/lib/query-keys';
import { PHOTOS_QUERY_KEY } from './get-photos';

/** Adding or deleting a photo changes the grid and the user's avatar (the first photo). */
export function refetchAfterPhotoChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: PHOTOS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}
