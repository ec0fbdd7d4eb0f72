import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { refetchAfterPhotoChange } from './photos-changed';

async function deletePhoto(id: string): Promise<MessageResponse> {
  const res = await apiRequest('DELETE', `/api/user/photos/${id}`);
  return (await res.json()) as MessageResponse;
}

/** Photos go with a direct delete button; only videos and students ask first (spec §4). */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: () => {
      toastSuccess('Photo deleted successfully');
      refetchAfterPhotoChange(queryClient);
    },
  });
}
