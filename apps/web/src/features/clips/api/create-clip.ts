import type { ClipDetail, CreateClipBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { CLIPS_QUERY_KEY } from './get-clips';

async function createClip(body: CreateClipBody): Promise<ClipDetail> {
  const res = await apiRequest('POST', '/api/clips', body);
  return (await res.json()) as ClipDetail;
}

export function useCreateClip() {
  const queryClient = useQueryClient();
  // The Make clip form shows what went wrong beside the fields, not in a toast.
  return useMutation({
    mutationFn: createClip,
    meta: { showErrorToast: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CLIPS_QUERY_KEY }),
  });
}
