import type { MovementChoice } from '@filmroom/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Upload, type DetailedError, type PreviousUpload } from 'tus-js-client';
import { toastError, toastSuccess } from '@/components/ui/use-toast';
import { apiErrorFrom, apiRequest } from '@/lib/query-client';
import { fieldsChangedSince } from '../lib/upload-fields';
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
  /** The server already had `offset` bytes of this file: the upload goes on from there. */
  onResume?: (offset: number) => void;
  /** The connection dropped (or the server went away): trying again after a pause. */
  onReconnecting?: () => void;
  signal?: AbortSignal;
};

/** What a cancelled upload rejects with; not a failure to report. */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
  constructor() {
    super('Upload cancelled');
  }
}

// Quick at first (a blip), then every minute for about half an hour: club Wi-Fi comes back,
// a restarted server comes back, and the upload goes on from the server's last byte.
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, ...Array(30).fill(60_000)];

/** Statuses worth trying again: the server or the way to it, not the request itself. */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus();
  // 409: the offset moved (a cut PATCH got further than we knew); 423: still locked by it.
  return status === undefined || status === 409 || status === 423 || status >= 500;
}

/**
 * Sends the file with the tus protocol to /api/resumable-uploads: a dropped connection is
 * retried from the last byte the server has, and after a reload the same file picked again
 * continues where it stopped (tus-js-client remembers the upload's address in localStorage).
 * Resolves with the new video's id.
 */
function uploadVideo(input: UploadVideoInput, options: UploadOptions = {}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    let resumed: PreviousUpload | undefined;
    const upload = new Upload(input.file, {
      endpoint: new URL('/api/resumable-uploads', window.location.origin).href,
      metadata: {
        title: input.title,
        description: input.description,
        movement: input.movement,
        filename: input.file.name,
      },
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const retry = worthRetrying(error);
        if (retry) options.onReconnecting?.();
        return retry;
      },
      onAfterResponse: (request, response) => {
        // A HEAD asks how much of a known upload the server has: that is where it resumes.
        if (request.getMethod() !== 'HEAD' || response.getStatus() !== 200) return;
        const offset = Number(response.getHeader('Upload-Offset'));
        if (offset > 0) options.onResume?.(offset);
      },
      onProgress: (loaded, total) => options.onProgress?.({ loaded, total }),
      onSuccess: ({ lastResponse }) => {
        const videoId = lastResponse.getHeader('FilmRoom-Video-Id');
        if (!videoId) {
          reject(new Error('Failed to upload video'));
          return;
        }
        const changes = resumed ? fieldsChangedSince(resumed.metadata, input) : null;
        if (!changes) {
          resolve(videoId);
          return;
        }
        // The video was made from what the first try sent; the form may say otherwise now.
        apiRequest('PATCH', `/api/videos/${videoId}`, changes).then(
          () => resolve(videoId),
          (error: Error) => {
            toastError(
              new Error(
                `The video was uploaded, but its new details were not saved: ${error.message}`,
              ),
            );
            resolve(videoId);
          },
        );
      },
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        // No answer at all (connection dropped for good, server gone): the spec's fallback.
        reject(
          response
            ? apiErrorFrom(response.getStatus(), '', response.getBody() ?? '')
            : new Error('Failed to upload video'),
        );
      },
    });
    options.signal?.addEventListener(
      'abort',
      () => {
        // Terminates it on the server too: what was stored goes, and so does the address.
        void upload.abort(true).catch(() => undefined);
        reject(new UploadCancelledError());
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (options.signal?.aborted) return;
        resumed = previous[0];
        if (resumed) upload.resumeFromPreviousUpload(resumed);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

/**
 * The upload with its live progress (percent, bytes, speed), where it resumed from, whether it
 * is reconnecting, and a cancel that stops it and removes what was sent. The list is refetched
 * afterwards (spec §4) and the new video's preparation is then followed over server-sent events.
 */
export function useUploadVideo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const lastSample = useRef<UploadSample | null>(null);

  const mutation = useMutation({
    mutationFn: (input: UploadVideoInput) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      lastSample.current = { loaded: 0, at: performance.now() };
      setProgress({ loaded: 0, total: input.file.size, bytesPerSecond: null });
      setResumedFrom(null);
      setReconnecting(false);
      return uploadVideo(input, {
        signal: abort.signal,
        onResume: (offset) => {
          // Speed counts what goes out from here, not what the server already had.
          lastSample.current = { loaded: offset, at: performance.now() };
          setResumedFrom(offset);
          setReconnecting(false);
          setProgress((current) => ({
            loaded: offset,
            total: current?.total ?? input.file.size,
            bytesPerSecond: null,
          }));
        },
        onReconnecting: () => {
          setReconnecting(true);
          setProgress((current) => current && { ...current, bytesPerSecond: null });
        },
        onProgress: ({ loaded, total }) => {
          const sample = { loaded, at: performance.now() };
          const previous = lastSample.current ?? sample;
          lastSample.current = sample;
          setReconnecting(false);
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
  return { ...mutation, progress, resumedFrom, reconnecting, cancel };
}
