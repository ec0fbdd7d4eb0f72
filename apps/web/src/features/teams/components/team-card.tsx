import type { Student, Team } from '@filmroom/contract';
import {
  ClapperboardIcon,
  LogOutIcon,
  Trash2Icon,
  UserRoundPlusIcon,
  UserRoundXIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useAddTeamMember } from '../api/add-team-member';
import { useDeleteTeam } from '../api/delete-team';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { teamColorName } from '../lib/team-colors';
import { EditTeamDialog } from './team-dialogs';

type TeamCardProps = {
  team: Team;
  /** The coach's athletes who accepted (only the team's coach adds members). */
  athletes: Student[];
  /** The signed-in user, so a member can leave. */
  userId: string;
};

/** One team: who is on it and what it shares; its coach adds and removes athletes. */
export function TeamCard({ team, athletes, userId }: TeamCardProps) {
  const headingId = useId();
  const colors = [team.primaryColor, team.secondaryColor].filter(
    (color): color is string => color !== null,
  );

  return (
    <Card aria-labelledby={headingId} className="gap-4 px-5 py-5" role="region">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="mt-1 grid size-9 shrink-0 overflow-hidden rounded-full border bg-secondary"
          style={{
            background:
              colors.length === 2
                ? `linear-gradient(135deg, ${colors[0]} 50%, ${colors[1]} 50%)`
                : (colors[0] ?? undefined),
          }}
        />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 id={headingId} className="text-lg leading-tight font-semibold wrap-anywhere">
            {team.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {team.sport}
            {colors.length > 0 ? ` · ${colors.map(teamColorName).join(' and ')}` : null}
            {team.isMine ? null : ` · Coach ${team.coach.name}`}
          </p>
        </div>
      </div>

      <p className="text-sm text-muted-foreground">
        {team.members.length === 1 ? '1 athlete' : `${team.members.length} athletes`} ·{' '}
        {team.videoCount === 1 ? '1 shared video' : `${team.videoCount} shared videos`}
      </p>

      {team.members.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
          No athletes on this team yet
        </p>
      ) : (
        <ul aria-label={`Athletes on ${team.name}`} className="grid gap-1.5">
          {team.members.map((member) => (
            <MemberRow key={member.id} team={team} member={member} />
          ))}
        </ul>
      )}

      {team.isMine ? <AddMemberForm team={team} athletes={athletes} /> : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button asChild variant="secondary" size="sm">
          <Link to={`/videos?team=${team.id}`}>
            <ClapperboardIcon aria-hidden />
            Team videos
          </Link>
        </Button>
        {team.isMine ? (
          <>
            <EditTeamDialog team={team} />
            <DeleteTeamButton team={team} />
          </>
        ) : (
          <LeaveTeamButton team={team} userId={userId} />
        )}
      </div>
    </Card>
  );
}

function MemberRow({ team, member }: { team: Team; member: Team['members'][number] }) {
  const removal = useRemoveTeamMember(team.id);
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-md border bg-card py-1.5 pr-1.5 pl-3">
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{member.name}</span>
        {member.username ? (
          <span className="truncate text-xs text-muted-foreground">{member.username}</span>
        ) : null}
      </span>
      {team.isMine ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove ${member.name} from ${team.name}`}
          disabled={removal.isPending}
          onClick={() => removal.mutate(member.id)}
          className="text-muted-foreground hover:text-destructive"
        >
          {removal.isPending ? <Spinner /> : <UserRoundXIcon aria-hidden />}
        </Button>
      ) : null}
    </li>
  );
}

function AddMemberForm({ team, athletes }: { team: Team; athletes: Student[] }) {
  const [athleteId, setAthleteId] = useState('');
  const add = useAddTeamMember(team.id, { onSuccess: () => setAthleteId('') });
  const selectId = useId();
  const onTeam = new Set(team.members.map((member) => member.id));
  const available = athletes.filter((athlete) => !onTeam.has(athlete.id));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (athleteId === '' || add.isPending) return;
    add.mutate(athleteId);
  }

  if (athletes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Athletes join a team from your roster once they accept your invitation.{' '}
        <Link
          to="/athletes"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Invite athletes
        </Link>
      </p>
    );
  }
  if (available.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">Every athlete on your roster is on this team.</p>
    );
  }
  return (
    <form
      aria-label={`Add an athlete to ${team.name}`}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="grid min-w-40 flex-1 gap-2">
        <Label htmlFor={selectId}>Add athlete</Label>
        <NativeSelect
          id={selectId}
          value={athleteId}
          onChange={(event) => setAthleteId(event.target.value)}
        >
          <option value="">Choose an athlete…</option>
          {available.map((athlete) => (
            <option key={athlete.id} value={athlete.id}>
              {athlete.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={athleteId === '' || add.isPending}>
        {add.isPending ? <Spinner /> : <UserRoundPlusIcon aria-hidden />}
        Add
      </Button>
    </form>
  );
}

function DeleteTeamButton({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  const removal = useDeleteTeam(team.id, { onSuccess: () => setOpen(false) });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive">
          <Trash2Icon aria-hidden />
          Delete team
        </Button>
      }
      title={`Delete ${team.name}?`}
      description="Its athletes lose access to the videos and playlists shared with the team. Their accounts and your roster stay."
      icon={<Trash2Icon aria-hidden />}
      confirmLabel="Delete Team"
      pendingLabel="Deleting…"
      pending={removal.isPending}
      onConfirm={() => removal.mutate()}
    />
  );
}

function LeaveTeamButton({ team, userId }: { team: Team; userId: string }) {
  const [open, setOpen] = useState(false);
  const leave = useRemoveTeamMember(team.id, { leaving: true });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive">
          <LogOutIcon aria-hidden />
          Leave team
        </Button>
      }
      title={`Leave ${team.name}?`}
      description="You lose access to the videos shared with the team. Your coach can add you again."
      icon={<LogOutIcon aria-hidden />}
      confirmLabel="Leave Team"
      pendingLabel="Leaving…"
      pending={leave.isPending}
      onConfirm={() => leave.mutate(userId, { onSuccess: () => setOpen(false) })}
    />
  );
}
