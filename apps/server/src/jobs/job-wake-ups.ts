import type pg from 'pg';
import type { Logger } from 'pino';
import { listenOn } from '../db/listen';

// After the connection drops, the first try again waits this long, each next one twice as long
// up to the cap: a database that is down for a while is not asked every second.
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

type WakeUpHandlers = {
  /** A job came in on the queue named by the payload: its workers fetch now. */
  onNotification: (queueName: string) => void;
  /** Listening (again): what was sent while nobody listened is fetched now. */
  onReconnect: () => void;
};

/**
 * pg-boss's `listen` (its IDatabase capability behind `useListenNotify`) on a connection of
 * its own: a new job's NOTIFY wakes the workers of its queue at once, so they need not poll
 * every second to start it soon. When the connection drops it is opened again, and pg-boss is
 * told (`onReconnect`) after every LISTEN, the first included. Until then pg-boss polls at its
 * slower backstop rate. When the first connection fails the error goes to pg-boss, which then
 * polls at the usual rate.
 */
export async function listenForJobs(
  connectionString: string | undefined,
  channel: string,
  handlers: WakeUpHandlers,
  log: Logger,
): Promise<{ close: () => Promise<void> }> {
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retries = 0;

  const retry = () => {
    const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** retries);
    retries += 1;
    retryTimer = setTimeout(() => {
      if (!closed) connect().catch(retry);
    }, wait);
    retryTimer.unref();
  };

  const connect = async () => {
    const listening = await listenOn(connectionString, channel, {
      onNotification: (payload) => {
        if (payload) handlers.onNotification(payload);
      },
      onLost: (error) => {
        if (closed) return;
        client = undefined;
        log.warn({ err: error }, 'job wake-up connection lost; reconnecting');
        retry();
      },
    });
    if (closed) {
      await listening.end().catch(() => undefined);
      return;
    }
    client = listening;
    retries = 0;
    handlers.onReconnect();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
