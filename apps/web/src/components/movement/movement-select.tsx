import { AUTO_DETECT, MOVEMENTS, SPORTS, type MovementChoice } from '@filmroom/contract/values';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

type MovementSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  value: MovementChoice;
  onValueChange: (movement: MovementChoice) => void;
  wrapperClassName?: string;
};

/** The words for letting FilmRoom recognise the movement: honest that it may ask back. */
const AUTO_DETECT_LABEL = 'Not sure: detect it';

/** The catalogue's movements grouped by sport in the contract's order; General movement last. */
const GROUPS = SPORTS.map((sport) => ({
  ...sport,
  movements: MOVEMENTS.filter((movement) => movement.sport === sport.id),
})).filter((group) => group.movements.length > 0);
const UNGROUPED = MOVEMENTS.filter((movement) => movement.sport === null);

/**
 * What the clip shows: "Not sure: detect it", or one of the catalogue's movements under its
 * sport. Shared by the upload form and the Analysis tab, so both offer the same list with the
 * same words.
 */
export function MovementSelect({ value, onValueChange, ...props }: MovementSelectProps) {
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onValueChange(event.target.value as MovementChoice)}
      {...props}
    >
      <option value={AUTO_DETECT}>{AUTO_DETECT_LABEL}</option>
      {GROUPS.map((group) => (
        <optgroup key={group.id} label={group.label}>
          {group.movements.map((movement) => (
            <option key={movement.id} value={movement.id}>
              {movement.label}
            </option>
          ))}
        </optgroup>
      ))}
      {UNGROUPED.map((movement) => (
        <option key={movement.id} value={movement.id}>
          {movement.label}
        </option>
      ))}
    </NativeSelect>
  );
}
