import type { TagButton, TagTemplate } from '@filmroom/contract';

export type TagKeyAction =
  | { type: 'tag'; button: TagButton }
  | { type: 'label'; group: string; text: string }
  | { type: 'digit'; digit: string }
  | { type: 'enter' }
  | { type: 'clear' }
  | { type: 'backspace' }
  | { type: 'undo' };

type KeyPress = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
};

/**
 * What a key does in the code window, or null to leave it to the player and the browser.
 * Letters are the window's hotkeys (case does not matter); digits type a shirt number that
 * Enter gives to the last event; Ctrl+Z (⌘Z) undoes the last tag or change.
 */
export function tagKeyAction(
  press: KeyPress,
  template: Pick<TagTemplate, 'buttons' | 'labelGroups'>,
  typingNumber: boolean,
): TagKeyAction | null {
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'z') {
    return press.shiftKey ? null : { type: 'undo' };
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (/^[0-9]$/.test(press.key)) return { type: 'digit', digit: press.key };
  // Enter, Escape and Backspace belong to the number only while one is being typed.
  if (typingNumber && press.key === 'Enter') return { type: 'enter' };
  if (typingNumber && press.key === 'Escape') return { type: 'clear' };
  if (typingNumber && press.key === 'Backspace') return { type: 'backspace' };
  if (!/^[a-zA-Z]$/.test(press.key)) return null;
  const key = press.key.toLowerCase();
  const button = template.buttons.find((candidate) => candidate.hotkey === key);
  if (button) return { type: 'tag', button };
  for (const group of template.labelGroups) {
    const label = group.labels.find((candidate) => candidate.hotkey === key);
    if (label) return { type: 'label', group: group.name, text: label.text };
  }
  return null;
}

/**
 * Marks the timeline while it has a deletion to undo: Ctrl+Z pressed there brings the deleted
 * events back rather than undoing the last tag.
 */
export const TIMELINE_OWNS_UNDO = 'data-timeline-undo';

/** Whether keys typed now are meant for a field (a search box, a note) rather than the window. */
export function isTypingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file'].includes(type);
}

/** Sets the label of its group on an event: one label per group, the newest wins. */
export function withLabel(
  labels: readonly { group: string; text: string }[],
  label: { group: string; text: string },
) {
  return [...labels.filter((known) => known.group !== label.group), label];
}
