import type { ClipDetail, CreateClipBody } from '@filmroom/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';

async function createClip(body: CreateClipBody): Promise<ClipDetail> {
  const res = await apiRequest('POST', '/api/clips', body);
  return (await res.json()) as ClipDetail;
}

/** Makes a clip (no list of clips is kept in the cache: they are seen through playlists). */
export function useCreateClip() {
  // The Make clip form shows what went wrong beside the fields, not in a toast.
  return useMutation({ mutationFn: createClip, meta: { showErrorToast: false } });
}
