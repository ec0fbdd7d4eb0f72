import { AddNewVideoButton } from '@/features/videos/components/add-new-video-button';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { useVideos } from '@/features/videos/api/get-videos';
import { VideoGrid } from '@/features/videos/components/video-grid';
import { VideoSearch } from '@/features/videos/components/video-search';
import { searchVideos } from '@/features/videos/lib/video-library';

/** Spec §2 Videos: every video the person may see, with search. */
export function VideosRoute() {
  const videos = useVideos();
  const [search, setSearch] = useState('');
  const matching = videos.data ? searchVideos(videos.data, search) : undefined;

  return (
    <>
      <PageHeader
        title="Videos"
        description="Every video you uploaded or that was shared with you."
        actions={<AddNewVideoButton />}
      />
      <div className="grid gap-4">
        <VideoSearch value={search} onChange={setSearch} />
        <VideoGrid
          videos={matching}
          searching={search.trim() !== ''}
          error={videos.error}
          onRetry={() => void videos.refetch()}
          retrying={videos.isFetching}
          skeletonCount={6}
        />
      </div>
    </>
  );
}
