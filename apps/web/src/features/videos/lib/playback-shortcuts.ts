/** A single frame at 30 fps: what ',' and '.' step by while paused. */
export const FRAME_STEP_S = 1 / 30;

export type PlaybackAction =
  | { type: 'toggle-play' }
  | { type: 'pause' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'show-help' }
  | { type: 'mark-in' }
  | { type: 'mark-out' }
  | { type: 'toggle-loop' }
  | { type: 'toggle-fullscreen' }
  | { type: 'toggle-theatre' };

export type Shortcut = { keys: string[]; description: string };

/** What the help popover lists, in the order people reach for them. */
export const SHORTCUTS: Shortcut[] = [
  { keys: ['Space'], description: 'Play or pause' },
  { keys: ['←', '→'], description: 'Back or forward 5 seconds' },
  { keys: [',', '.'], description: 'One frame back or forward (while paused)' },
  { keys: ['J'], description: 'Back 10 seconds' },
  { keys: ['K'], description: 'Pause' },
  { keys: ['L'], description: 'Forward 10 seconds' },
  { keys: ['I'], description: 'Mark the in point (a range starts here)' },
  { keys: ['O'], description: 'Mark the out point (the range ends here)' },
  { keys: ['R'], description: 'Loop the marked range, or stop looping' },
  { keys: ['N'], description: 'Next open note (anywhere on the page)' },
  { keys: ['F'], description: 'Fullscreen, overlays included' },
  { keys: ['W'], description: 'Theatre mode (wide player)' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

type KeyPress = { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean };

/**
 * The action for a key pressed while the player has focus, or null to let the browser have it.
 * Modified keys (Ctrl+←, Cmd+.) belong to the browser and the system.
 */
export function playbackActionFor(press: KeyPress, paused: boolean): PlaybackAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case ' ':
    case 'Spacebar':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -5 };
    case 'ArrowRight':
      return { type: 'seek-by', seconds: 5 };
    // Frame steps only make sense on a still picture; while playing the keys do nothing.
    case ',':
      return paused ? { type: 'seek-by', seconds: -FRAME_STEP_S } : null;
    case '.':
      return paused ? { type: 'seek-by', seconds: FRAME_STEP_S } : null;
    case 'j':
    case 'J':
      return { type: 'seek-by', seconds: -10 };
    case 'k':
    case 'K':
      return { type: 'pause' };
    case 'l':
    case 'L':
      return { type: 'seek-by', seconds: 10 };
    case 'i':
    case 'I':
      return { type: 'mark-in' };
    case 'o':
    case 'O':
      return { type: 'mark-out' };
    // R for repeat: L (loop) is already forward 10 seconds, as in most players.
    case 'r':
    case 'R':
      return { type: 'toggle-loop' };
    case '?':
      return { type: 'show-help' };
    case 'f':
    case 'F':
      return { type: 'toggle-fullscreen' };
    case 'w':
    case 'W':
      return { type: 'toggle-theatre' };
    default:
      return null;
  }
}

/** A seek target kept inside the video (a known duration) and never before its start. */
export function seekTarget(current: number, by: number, duration: number): number {
  const target = Math.max(0, current + by);
  return Number.isFinite(duration) && duration > 0 ? Math.min(duration, target) : target;
}
