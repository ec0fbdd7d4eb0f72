import type { ExportEvent, VideoExport, VideoExportList } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { EXPORTS_QUERY_KEY, exportQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/**
 * An `export` event: an export of a video moving on. Its cached entry takes the progress; once
 * it is ready or has failed, it is fetched again for its file.
 */
export async function applyExportEventToCache(
  queryClient: QueryClient,
  event: ExportEvent,
): Promise<void> {
  const key = exportQueryKey(event.id);
  const moved = (known: VideoExport): VideoExport =>
    known.id === event.id
      ? {
          ...known,
          status: event.status,
          progress: event.progress,
          failureReason: event.failureReason,
        }
      : known;
  queryClient.setQueryData<VideoExport>(key, (known) => (known ? moved(known) : known));
  queryClient.setQueryData<VideoExportList>(EXPORTS_QUERY_KEY, (list) =>
    list ? { exports: list.exports.map(moved) } : list,
  );
  if (event.status === 'ready' || event.status === 'failed') {
    await Promise.all([
      refetchAfterEvent(queryClient, key),
      refetchAfterEvent(queryClient, EXPORTS_QUERY_KEY),
    ]);
  }
}

export const exportEventHandler = defineEventHandler({
  event: 'export',
  apply: applyExportEventToCache,
  catchUp: (address) => address.startsWith(EXPORTS_QUERY_KEY[0]),
});
