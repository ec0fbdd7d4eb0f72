import type { AccessLevel } from '@filmroom/contract';

/** Spec §9: view or edit; a new share starts at view (spec §2). */
export const DEFAULT_ACCESS_LEVEL: AccessLevel = 'view';

export const ACCESS_LEVEL_OPTIONS: { value: AccessLevel; label: string }[] = [
  { value: 'view', label: 'View' },
  { value: 'edit', label: 'Edit' },
];

export function isAccessLevel(value: string): value is AccessLevel {
  return ACCESS_LEVEL_OPTIONS.some((option) => option.value === value);
}
