import { AddNewVideoButton } from '@/features/videos/components/add-new-video-button';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useVideoPages } from '@/features/videos/api/get-video-pages';
import { InfiniteVideoGrid } from '@/features/videos/components/infinite-video-grid';
import { VideoSearch } from '@/features/videos/components/video-search';
import { TeamFilter } from '@/features/teams/components/team-filter';

// Long enough that typing a word asks once, short enough to feel like it filters as you type.
const SEARCH_PAUSE_MS = 250;

/** Spec §2 Videos: every video the person may see, with search, however large the library. */
export function VideosRoute() {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  // In the address, so the Teams page can link to a team's videos and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const teamId = params.get('team') ?? '';
  const pages = useVideoPages(searched, teamId);
  const videos = pages.data?.pages.flatMap((page) => page.videos);

  return (
    <>
      <PageHeader
        title="Videos"
        description="Every video you uploaded or that was shared with you."
        actions={<AddNewVideoButton teamId={teamId} />}
      />
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <VideoSearch value={search} onChange={setSearch} />
          <TeamFilter
            value={teamId}
            onChange={(next) => setParams(next ? { team: next } : {}, { replace: true })}
          />
        </div>
        <InfiniteVideoGrid
          videos={videos}
          teamId={teamId}
          searching={searched !== ''}
          error={pages.isFetchNextPageError ? null : pages.error}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
          hasNextPage={pages.hasNextPage}
          // A second call while a page is on its way would restart it: let it finish.
          fetchNextPage={() => void pages.fetchNextPage({ cancelRefetch: false })}
          fetchingNextPage={pages.isFetchingNextPage}
          nextPageError={pages.isFetchNextPageError ? pages.error : null}
          updating={pages.isPlaceholderData || search.trim() !== searched}
        />
      </div>
    </>
  );
}
