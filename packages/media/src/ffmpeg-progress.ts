/**
 * How far through `duration` seconds one line of ffmpeg's `-progress` output says it is, from 0
 * to 1; null for the other lines. ffmpeg 4 names the field out_time_ms but counts microseconds,
 * like out_time_us.
 */
export function ffmpegProgress(line: string, duration: number): number | null {
  const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
  if (!match || !(duration > 0)) return null;
  return Math.min(1, Number(match[1]) / 1_000_000 / duration);
}
