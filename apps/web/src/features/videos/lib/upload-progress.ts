export type UploadSample = { loaded: number; at: number };

export type UploadProgress = {
  loaded: number;
  total: number;
  /** Bytes per second, smoothed; null until there is enough to tell. */
  bytesPerSecond: number | null;
};

// Weight of the newest speed reading: enough to follow a changing connection, little enough
// that one bursty progress event does not make "time left" jump about.
const SPEED_SMOOTHING = 0.3;

/** The next smoothed speed from the previous sample to this one. */
export function nextSpeed(
  previous: number | null,
  last: UploadSample,
  current: UploadSample,
): number | null {
  const seconds = (current.at - last.at) / 1000;
  if (seconds <= 0) return previous;
  const instant = Math.max(0, current.loaded - last.loaded) / seconds;
  return previous === null ? instant : previous + SPEED_SMOOTHING * (instant - previous);
}

export function uploadPercent(progress: Pick<UploadProgress, 'loaded' | 'total'>): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((progress.loaded / progress.total) * 100)));
}

/** Seconds until done at the current speed, or null when that cannot be told yet. */
export function secondsLeft(progress: UploadProgress): number | null {
  if (!progress.bytesPerSecond || progress.bytesPerSecond <= 0) return null;
  return Math.max(0, (progress.total - progress.loaded) / progress.bytesPerSecond);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "3.4 MB", "512 KB": decimal units, as file managers and phones show sizes. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** "5 s left", "2 min 10 s left", "about 1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s left`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
