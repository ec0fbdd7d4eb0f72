const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long `ms` milliseconds is, in words, on date-fns' `formatDistance` scale (rounded, with
 * "about", "over" and "almost"), but with "an hour" and "a month" where date-fns says "1 hour":
 * spec §9 asks for wording such as "about an hour ago".
 */
function formatDistance(ms: number): string {
  const elapsed = Math.abs(ms);
  const minutes = Math.round(elapsed / MINUTE);
  if (elapsed < 30 * SECOND) return 'less than a minute';
  if (minutes < 2) return 'a minute';
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'about an hour';
  const hours = Math.round(elapsed / HOUR);
  if (minutes < 24 * 60) return `about ${hours} hours`;
  if (minutes < 42 * 60) return 'a day';
  const days = Math.round(elapsed / DAY);
  if (days < 30) return `${days} days`;
  if (days < 45) return 'about a month';
  if (days < 60) return 'about 2 months';
  const months = Math.round(elapsed / MONTH);
  if (elapsed < YEAR) return `${Math.max(2, months)} months`;
  // Past a year: whole years, qualified by how far into the next one we are.
  const years = Math.floor(elapsed / YEAR);
  const monthsOver = (elapsed - years * YEAR) / MONTH;
  const yearWord = (n: number) => (n === 1 ? 'a year' : `${n} years`);
  if (monthsOver < 3) return `about ${yearWord(years)}`;
  if (monthsOver < 9) return `over ${yearWord(years)}`;
  return `almost ${yearWord(years + 1)}`;
}

/**
 * "about an hour ago" for a past moment, "in 5 minutes" for a future one. A server clock a
 * little ahead of this device's must not say "in less than a minute" for something just made.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms > -MINUTE) return `${formatDistance(Math.max(ms, 0))} ago`;
  return `in ${formatDistance(ms)}`;
}
