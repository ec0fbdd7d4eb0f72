import type { Photo } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { throwIfResNotOk, withFallbackMessage } from '@/lib/query-client';
import { NOT_AN_IMAGE_MESSAGE, isImageFile } from '../lib/photo-file';
import { refetchAfterPhotoChange } from './photos-changed';

/** POST /api/user/photos as multipart with the image as `photo`. */
async function uploadPhoto(file: File): Promise<Photo> {
  if (!isImageFile(file)) throw new Error(NOT_AN_IMAGE_MESSAGE);
  return withFallbackMessage(async () => {
    const form = new FormData();
    form.append('photo', file, file.name);
    const res = await fetch('/api/user/photos', {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
    await throwIfResNotOk(res);
    return (await res.json()) as Photo;
  }, 'Failed to upload photo');
}

export function useUploadPhoto(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => {
      toastSuccess('Photo uploaded successfully');
      refetchAfterPhotoChange(queryClient);
    },
    onSettled: () => options.onSettled?.(),
  });
}
