import type { VideoExport, VideoExportList } from '@filmroom/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyExportEventToCache } from './export-events';
import { EXPORTS_QUERY_KEY } from '@/lib/query-keys';

const made = (id: string, progress: number): VideoExport => ({
  id,
  source: { kind: 'clip', clipId: '00000000-0000-4000-8000-0000000000c1' },
  videoId: null,
  title: `Export ${id}`,
  start: 0,
  end: 2,
  overlays: ['drawings'],
  status: 'rendering',
  progress,
  failureReason: null,
  fileSize: null,
  downloadUrl: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  expiresAt: '2026-12-03T12:00:00.000Z',
});

describe('applyExportEventToCache', () => {
  it('moves the progress of that export in the list of exports, and of no other', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<VideoExportList>(EXPORTS_QUERY_KEY, {
      exports: [made('a', 10), made('b', 20)],
    });
    await applyExportEventToCache(queryClient, {
      id: 'a',
      status: 'rendering',
      progress: 55,
      failureReason: null,
    });
    const list = queryClient.getQueryData<VideoExportList>(EXPORTS_QUERY_KEY)!;
    expect(list.exports.map((each) => [each.id, each.progress])).toEqual([
      ['a', 55],
      ['b', 20],
    ]);
  });
});
