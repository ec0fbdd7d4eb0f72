import type { User } from '@filmroom/contract';
import { AddNewVideoButton } from '@/features/videos/components/add-new-video-button';
import { ClockIcon, FilmIcon, UsersRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { StatCard } from '@/components/layout/stat-card';
import { Button } from '@/components/ui/button';
import { useRoster } from '@/features/coach/api/get-roster';
import { useStudents } from '@/features/coach/api/get-students';
import { pendingInvitationsHint } from '@/features/coach/lib/roster';
import { useVideos } from '@/features/videos/api/get-videos';
import { shortTrainingTime } from '@/lib/training-time';
import { VideoGrid } from '@/features/videos/components/video-grid';
import { VideoSearch } from '@/features/videos/components/video-search';
import {
  RECENT_VIDEOS_LIMIT,
  searchVideos,
  trainingHours,
} from '@/features/videos/lib/video-library';

/**
 * Spec §2 Dashboard: three figures, then the most recent videos with search. Active Athletes
 * counts those who accepted; invitations still waiting are shown apart, beneath.
 */
export function DashboardRoute({ user }: { user: User }) {
  const videos = useVideos();
  const students = useStudents();
  const roster = useRoster({ enabled: user.isCoach });
  const [search, setSearch] = useState('');
  const recent = videos.data
    ? searchVideos(videos.data, search).slice(0, RECENT_VIDEOS_LIMIT)
    : undefined;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your latest film and your team at a glance."
        actions={<AddNewVideoButton />}
      />

      <section aria-label="Statistics" className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard
          label="Total Videos"
          icon={FilmIcon}
          value={videos.data ? String(videos.data.length) : null}
          failed={videos.isError && !videos.data}
        />
        <StatCard
          label="Active Athletes"
          icon={UsersRoundIcon}
          value={students.data ? String(students.data.length) : null}
          failed={students.isError && !students.data}
          hint={roster.data ? pendingInvitationsHint(roster.data) : undefined}
        />
        <StatCard
          label="Training Hours"
          icon={ClockIcon}
          value={videos.data ? trainingHours(videos.data) : null}
          failed={videos.isError && !videos.data}
          // 38 s of film would read only "0.0" hours.
          hint={videos.data ? (shortTrainingTime(videos.data) ?? undefined) : undefined}
        />
      </section>

      <section aria-labelledby="recent-videos-title" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center justify-between gap-4 sm:justify-start">
            <h2 id="recent-videos-title" className="text-xl font-semibold">
              Recent Videos
            </h2>
            <Button asChild variant="link" className="h-auto px-0">
              <Link to="/videos">View All</Link>
            </Button>
          </div>
          <VideoSearch value={search} onChange={setSearch} />
        </div>
        <VideoGrid
          videos={recent}
          searching={search.trim() !== ''}
          error={videos.error}
          onRetry={() => void videos.refetch()}
          retrying={videos.isFetching}
        />
      </section>
    </>
  );
}
