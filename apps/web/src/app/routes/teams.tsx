import type { User } from '@filmroom/contract';
import { PageHeader } from '@/components/layout/page-header';
import { useStudents } from '@/features/coach/api/get-students';
import { CreateTeamDialog } from '@/features/teams/components/team-dialogs';
import { TeamList } from '@/features/teams/components/team-list';

/** Teams: a coach makes teams from their roster; an athlete sees the teams they are on. */
export function TeamsRoute({ user }: { user: User }) {
  // An athlete keeps no roster: the list is empty for them.
  const athletes = useStudents();
  return (
    <>
      <PageHeader
        title="Teams"
        description={
          user.isCoach
            ? 'Group athletes from your roster and share videos with a whole team at once.'
            : 'The teams your coaches put you on, and the videos shared with them.'
        }
        actions={user.isCoach ? <CreateTeamDialog /> : null}
      />
      <TeamList isCoach={user.isCoach} userId={user.id} athletes={athletes.data ?? []} />
    </>
  );
}
