import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The spec's 'Add New Video' button, on the Dashboard and the Videos page. From a team's videos
 * it names the team, so the upload's movement picker can start at the team's sport.
 */
export function AddNewVideoButton({ teamId = '' }: { teamId?: string }) {
  const to = teamId
    ? `/videos/new?${new URLSearchParams({ team: teamId }).toString()}`
    : '/videos/new';
  return (
    <Button asChild>
      <Link to={to}>
        <PlusIcon aria-hidden />
        Add New Video
      </Link>
    </Button>
  );
}
