/** Colours a coach picks for a team: a few clear ones, named, so a screen reader says them. */
export const TEAM_COLORS = [
  { value: '#d62828', label: 'Red' },
  { value: '#f77f00', label: 'Orange' },
  { value: '#fcbf49', label: 'Gold' },
  { value: '#2a9d8f', label: 'Green' },
  { value: '#1d4ed8', label: 'Blue' },
  { value: '#0b1f4b', label: 'Navy' },
  { value: '#7b2cbf', label: 'Purple' },
  { value: '#111111', label: 'Black' },
  { value: '#ffffff', label: 'White' },
] as const;

/** The colour's name, or its code when it is not one of ours (set through the API). */
export function teamColorName(value: string): string {
  return TEAM_COLORS.find((color) => color.value === value)?.label ?? value;
}
