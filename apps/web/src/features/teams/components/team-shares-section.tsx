import type { AccessLevel, TeamShare } from '@filmroom/contract';
import { Share2Icon, UsersRoundIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Loaded } from '@/components/layout/loaded';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useTeams } from '../api/get-teams';
import { useRemoveTeamShare } from '../api/remove-team-share';
import { useShareWithTeam } from '../api/share-with-team';
import { useTeamShares } from '../api/get-team-shares';
import { cn } from '@/lib/utils';
import type { SharedThing } from '../lib/shared-thing';

const LEVELS: { value: AccessLevel; label: string }[] = [
  { value: 'view', label: 'View' },
  { value: 'edit', label: 'Edit' },
];

/**
 * Sharing a video (view or edit) or a playlist (view) with one of the coach's teams, and the
 * teams it is shared with. Members get access while they are on the team.
 */
export function TeamSharesSection({
  thing,
  className,
}: {
  thing: SharedThing;
  className?: string;
}) {
  const teams = useTeams();
  const mine = teams.data?.filter((team) => team.isMine) ?? [];
  // Asked only of someone with teams of their own: nobody else may share with one.
  const shares = useTeamShares(thing, { enabled: mine.length > 0 });
  const headingId = useId();

  // Only coaches with teams share with one: anyone else's dialog stays as it was.
  if (mine.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className={cn('grid min-w-0 gap-3', className)}>
      <h3 id={headingId} className="text-sm font-semibold">
        Teams
      </h3>
      <ShareWithTeamForm thing={thing} teams={mine} />
      <Loaded
        query={shares}
        what="Team shares"
        loading={<Skeleton className="h-11 w-full" />}
        titleAs="h4"
        errorClassName="py-6"
      >
        {(teamShares) =>
          teamShares.length === 0 ? (
            <p className="flex items-center gap-2.5 rounded-lg border border-dashed bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
              <UsersRoundIcon className="size-4 shrink-0" aria-hidden />
              Not shared with a team yet
            </p>
          ) : (
            <ul aria-labelledby={headingId} className="grid min-w-0 gap-2">
              {teamShares.map((share) => (
                <TeamShareRow key={share.id} thing={thing} share={share} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function ShareWithTeamForm({
  thing,
  teams,
}: {
  thing: SharedThing;
  teams: { id: string; name: string }[];
}) {
  const [teamId, setTeamId] = useState('');
  const [accessLevel, setAccessLevel] = useState<AccessLevel>('view');
  const share = useShareWithTeam(thing);
  const ids = { team: useId(), level: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (teamId === '' || share.isPending) return;
    share.mutate(
      { teamId, accessLevel },
      {
        onSuccess: () => {
          setTeamId('');
          setAccessLevel('view');
        },
      },
    );
  }

  return (
    <form
      aria-label="Share with a team"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="grid min-w-40 flex-1 gap-2">
        <Label htmlFor={ids.team}>Team</Label>
        <NativeSelect
          id={ids.team}
          value={teamId}
          onChange={(event) => setTeamId(event.target.value)}
        >
          <option value="">Choose a team…</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {thing.kind === 'video' ? (
        <div className="grid w-24 gap-2">
          <Label htmlFor={ids.level}>Team access</Label>
          <NativeSelect
            id={ids.level}
            value={accessLevel}
            onChange={(event) => setAccessLevel(event.target.value === 'edit' ? 'edit' : 'view')}
          >
            {LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <Button type="submit" variant="outline" disabled={teamId === '' || share.isPending}>
        {share.isPending ? <Spinner /> : <Share2Icon aria-hidden />}
        Share with team
      </Button>
    </form>
  );
}

function TeamShareRow({ thing, share }: { thing: SharedThing; share: TeamShare }) {
  const change = useShareWithTeam(thing);
  const removal = useRemoveTeamShare(thing);
  const busy = change.isPending || removal.isPending;
  return (
    <li className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1.5 rounded-lg border bg-card py-2 pr-2 pl-3">
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="text-sm font-medium wrap-anywhere">{share.team.name}</span>
        <span className="text-xs text-muted-foreground">
          {share.memberCount === 1 ? '1 athlete' : `${share.memberCount} athletes`}
        </span>
      </span>
      {thing.kind === 'video' ? (
        <NativeSelect
          aria-label={`Access level for ${share.team.name}`}
          value={change.isPending ? (change.variables.accessLevel ?? 'view') : share.accessLevel}
          disabled={busy}
          onChange={(event) => {
            const accessLevel = event.target.value === 'edit' ? 'edit' : 'view';
            if (accessLevel !== share.accessLevel)
              change.mutate({ teamId: share.team.id, accessLevel });
          }}
          wrapperClassName="ml-auto w-24 shrink-0"
          className="h-8 py-1 text-sm"
        >
          {LEVELS.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Stop sharing with ${share.team.name}`}
        disabled={busy}
        onClick={() => removal.mutate(share.id)}
        className="text-muted-foreground hover:text-destructive"
      >
        {removal.isPending ? <Spinner /> : <XIcon aria-hidden />}
      </Button>
    </li>
  );
}
