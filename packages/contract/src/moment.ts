/**
 * A moment of the video as every screen and every text writes it: m:ss.d ("0:04.3", "12:05.0").
 * The one formatter for moments, so a chip, the reading's text, the chat and compare never
 * disagree, and a moment under a second never reads "0:00".
 *
 * Rounded down to the tenth (a link to it starts just before the moment, never after); the
 * small allowance keeps 4.3 (stored as 4.29999…) on 4.3. Minutes keep counting past an hour
 * so moments on one timeline line up.
 */
export function formatMoment(seconds: number): string {
  const tenths = momentTenths(seconds);
  const minutes = Math.floor(tenths / 600);
  const rest = tenths - minutes * 600;
  return `${minutes}:${String(Math.floor(rest / 10)).padStart(2, '0')}.${rest % 10}`;
}

/**
 * A moment in whole tenths of a second, as every written time rounds it (down, with the
 * allowance for binary fractions); times written as "4.3s" use it too.
 */
export function momentTenths(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds * 10 + 1e-6)) : 0;
}

/**
 * A length of video or a label on a time axis, in whole seconds: m:ss ("0:07", "75:03"),
 * rounded down; minutes keep counting past an hour so labels on one axis line up.
 */
export function formatWholeSeconds(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
