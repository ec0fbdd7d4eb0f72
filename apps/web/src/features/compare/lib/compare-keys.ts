export type CompareKeyAction =
  'toggle' | 'previous-frame' | 'next-frame' | 'nudge-b-back' | 'nudge-b-forward';

type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };
/** What has the focus: typing there, or pressing Space on a control, is not a shortcut. */
type Focus = { tagName: string; isContentEditable: boolean; type?: string };

const ACTIONS: Record<string, CompareKeyAction> = {
  ' ': 'toggle',
  ',': 'previous-frame',
  '.': 'next-frame',
  '[': 'nudge-b-back',
  ']': 'nudge-b-forward',
};

/** The player's keys (Space, comma, period) acting on both sides, and [ ] nudging B. */
export function compareKeyAction(press: KeyPress, focus: Focus | null): CompareKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const action = ACTIONS[press.key];
  if (!action || !focus) return action ?? null;
  if (focus.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(focus.tagName)) {
    // A slider or checkbox keeps its own keys, but comma and period still step the frames.
    const control = focus.tagName === 'INPUT' && ['range', 'checkbox'].includes(focus.type ?? '');
    return control && action !== 'toggle' ? action : null;
  }
  // Space on a button presses that button.
  if (action === 'toggle' && ['BUTTON', 'A'].includes(focus.tagName)) return null;
  return action;
}
