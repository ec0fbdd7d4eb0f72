/** Below an hour, the Training Hours figure (hours to one decimal, spec §9) reads 0.0 or 0.1. */
const HOUR_S = 3600;

/**
 * What the Dashboard says under its Training Hours figure when there is less than an hour of
 * video: "38 s of video", "12 min of video". The figure itself stays the spec's hours to one
 * decimal; from an hour on it says enough alone, and with no video there is nothing to add.
 * Videos still being prepared have no duration yet and count as nothing.
 */
export function shortTrainingTime(videos: readonly { duration: number | null }[]): string | null {
  const seconds = videos.reduce((sum, video) => sum + (video.duration ?? 0), 0);
  if (seconds <= 0 || seconds >= HOUR_S) return null;
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s of video`;
  return `${Math.round(seconds / 60)} min of video`;
}
