import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so "less than a minute ago" moves on while
 * a page stays open. A local clock tick: nothing is fetched.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
