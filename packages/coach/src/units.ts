/**
 * A moment of the video as m:ss, rounded down so a link to it starts just before the moment.
 * The web turns m:ss in the coach's text into links that seek the video.
 */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * A moment as m:ss.d, for movements whose key moments fall within a second of each other (the
 * top of a golf swing and its impact): rounded down to the tenth, which the web also seeks to.
 */
function clockTenths(seconds: number): string {
  const tenths = Math.floor(seconds * 10 + 1e-6);
  const minutes = Math.floor(tenths / 600);
  const rest = tenths - minutes * 600;
  return `${minutes}:${String(Math.floor(rest / 10)).padStart(2, '0')}.${rest % 10}`;
}

/**
 * How a set of moments is written: m:ss, or m:ss.d when two of them (at least a tenth apart)
 * fall in the same second, so each can be told from the other.
 */
export function clockFor(times: number[]): (seconds: number) => string {
  const sorted = [...times].sort((a, b) => a - b);
  const crowded = sorted.some(
    (t, i) => i > 0 && t - sorted[i - 1]! >= 0.1 && clock(t) === clock(sorted[i - 1]!),
  );
  return crowded ? clockTenths : clock;
}
