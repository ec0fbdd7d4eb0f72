import { AUTO_DETECT, MOVEMENTS, type MovementChoice } from '@filmroom/contract/values';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

type MovementSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  value: MovementChoice;
  onValueChange: (movement: MovementChoice) => void;
  wrapperClassName?: string;
};

/**
 * The movement to coach: Auto-detect, or one of the catalogue's movements in its order. Shared
 * by the upload form and the Analysis tab, so both offer the same list with the same words.
 */
export function MovementSelect({ value, onValueChange, ...props }: MovementSelectProps) {
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onValueChange(event.target.value as MovementChoice)}
      {...props}
    >
      <option value={AUTO_DETECT}>Auto-detect</option>
      {MOVEMENTS.map((movement) => (
        <option key={movement.id} value={movement.id}>
          {movement.label}
        </option>
      ))}
    </NativeSelect>
  );
}
