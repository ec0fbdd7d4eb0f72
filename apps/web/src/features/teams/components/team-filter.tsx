import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useTeams } from '../api/get-teams';

type TeamFilterProps = {
  /** The chosen team's id, or '' for every video. */
  value: string;
  onChange: (teamId: string) => void;
};

/** Spec §2 Videos, with teams: show only the videos shared with one team. Hidden with none. */
export function TeamFilter({ value, onChange }: TeamFilterProps) {
  const teams = useTeams();
  const id = useId();
  if (!teams.data || teams.data.length === 0) return null;
  return (
    <div className="flex items-center gap-2 sm:w-72">
      <Label htmlFor={id} className="shrink-0">
        Team
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        wrapperClassName="min-w-0 flex-1"
      >
        <option value="">All videos</option>
        {teams.data.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
