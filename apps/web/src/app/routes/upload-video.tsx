import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { useUser } from '@/features/auth/api/get-user';
import { useTeams } from '@/features/teams/api/get-teams';
import { UploadVideoForm } from '@/features/videos/components/upload-video-form';

/**
 * Spec §2 Upload. Started from a team's videos (?team=), the form is told the team, so its
 * movement picker starts at the team's sport; until the teams arrive it is not known yet.
 */
export function UploadVideoRoute() {
  const [params] = useSearchParams();
  const teamId = params.get('team');
  const user = useUser().data;
  const teams = useTeams();
  const team = teamId ? (teams.data?.find((entry) => entry.id === teamId) ?? null) : null;
  return (
    <>
      <PageHeader title="Upload Video" description="Add a game or training video for analysis." />
      <Card className="w-full max-w-2xl">
        <CardContent>
          <UploadVideoForm team={team} userId={user?.id} />
        </CardContent>
      </Card>
    </>
  );
}
