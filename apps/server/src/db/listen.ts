import pg from 'pg';

/**
 * A connection of its own (a pooled one could be handed to someone else) that LISTENs on
 * `channel` and passes each notification's payload on. `onLost` is called once, whichever of
 * the connection's 'error' and 'end' comes first; what follows (reconnecting) is the caller's.
 * When connecting or listening fails, the connection is ended and the error thrown, and
 * `onLost` is not called.
 */
export async function listenOn(
  connectionString: string | undefined,
  channel: string,
  handlers: {
    onNotification: (payload: string | undefined) => void;
    onLost: (error?: Error) => void;
  },
): Promise<pg.Client> {
  // TCP keepalives: a connection that died without a word (a network cut, a failover) ends
  // with an error within a minute or so, and is opened again, instead of listening to nothing.
  const client = new pg.Client({
    connectionString,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on('notification', ({ payload }) => handlers.onNotification(payload));
  let lost = false;
  const lose = (error?: Error) => {
    if (lost) return;
    lost = true;
    handlers.onLost(error);
  };
  client.on('error', lose);
  client.on('end', () => lose());
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (error) {
    lost = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
