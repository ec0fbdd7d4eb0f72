import type { Video } from '@filmroom/contract';
import type { MovementChoice } from '@filmroom/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiErrorFrom } from '@/lib/query-client';
import { nextSpeed } from '../lib/upload-progress';
import type { UploadProgress, UploadSample } from '../lib/upload-progress';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';

export type UploadVideoInput = {
  title: string;
  description: string;
  /** The movement to coach (beyond the spec); `auto` lets FilmRoom recognise it. */
  movement: MovementChoice;
  file: File;
};

type UploadOptions = {
  onProgress?: (sent: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
};

/** What a cancelled upload rejects with; not a failure to report. */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
  constructor() {
    super('Upload cancelled');
  }
}

/**
 * POST /api/videos as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress. Same-origin, so the session cookie goes along without withCredentials.
 */
function uploadVideo(input: UploadVideoInput, options: UploadOptions = {}): Promise<Video> {
  return new Promise<Video>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const form = new FormData();
    // The fields go before the file so the server has them when the file streams in.
    form.append('title', input.title);
    form.append('description', input.description);
    form.append('movement', input.movement);
    form.append('video', input.file, input.file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/videos');
    xhr.upload.addEventListener('progress', (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : input.file.size,
      });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Video);
        } catch {
          reject(new Error('Failed to upload video'));
        }
        return;
      }
      reject(apiErrorFrom(xhr.status, xhr.statusText, xhr.responseText));
    });
    // No answer at all (connection dropped, server gone): the spec's fallback message.
    xhr.addEventListener('error', () => reject(new Error('Failed to upload video')));
    xhr.addEventListener('abort', () => reject(new UploadCancelledError()));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * The upload with its live progress (percent, bytes, speed) and a cancel that aborts the
 * request. The list is refetched afterwards (spec §4) and the new video's preparation is then
 * followed over server-sent events.
 */
export function useUploadVideo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastSample = useRef<UploadSample | null>(null);

  const mutation = useMutation({
    mutationFn: (input: UploadVideoInput) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      lastSample.current = { loaded: 0, at: performance.now() };
      setProgress({ loaded: 0, total: input.file.size, bytesPerSecond: null });
      return uploadVideo(input, {
        signal: abort.signal,
        onProgress: ({ loaded, total }) => {
          const sample = { loaded, at: performance.now() };
          const previous = lastSample.current ?? sample;
          lastSample.current = sample;
          setProgress((current) => ({
            loaded,
            total,
            bytesPerSecond: nextSpeed(current?.bytesPerSecond ?? null, previous, sample),
          }));
        },
      });
    },
    // A cancel is the person's own choice, not an error to toast.
    meta: { showErrorToast: (error: Error) => !(error instanceof UploadCancelledError) },
    onSuccess: () => {
      toastSuccess('Video uploaded successfully');
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
    onSettled: () => {
      controller.current = null;
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}
