import type { Student } from '@filmroom/contract';
import { UsersRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeams } from '../api/get-teams';
import { TeamCard } from './team-card';

type TeamListProps = {
  isCoach: boolean;
  userId: string;
  /** The coach's athletes who accepted; empty for athletes. */
  athletes: Student[];
};

/** Every team the user coaches or is on, with loading, empty and error states. */
export function TeamList({ isCoach, userId, athletes }: TeamListProps) {
  const teams = useTeams();

  if (teams.isError && !teams.data) {
    return (
      <ErrorState
        title="Teams couldn't load"
        message={teams.error.message}
        onRetry={() => void teams.refetch()}
        retrying={teams.isFetching}
      />
    );
  }
  if (!teams.data) {
    return (
      <div
        role="status"
        aria-label="Loading teams"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      >
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (teams.data.length === 0) {
    return isCoach ? (
      <EmptyState
        icon={UsersRoundIcon}
        title="No teams yet"
        description="Use New Team to make one, add athletes from your roster, and share a video with all of them at once."
      />
    ) : (
      <EmptyState
        icon={UsersRoundIcon}
        title="You're not on a team yet"
        description="When your coach adds you to a team, it appears here with the videos shared with it."
      />
    );
  }
  return (
    <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
      {teams.data.map((team) => (
        <TeamCard key={team.id} team={team} athletes={athletes} userId={userId} />
      ))}
    </div>
  );
}
