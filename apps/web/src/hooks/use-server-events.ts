import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USER_QUERY_KEY } from '@/lib/query-keys';
import { dispatchServerEvents, type AnyEventHandler } from '@/lib/server-events';

const SERVER_EVENTS_URL = '/api/events';

/**
 * Listens to GET /api/events (server-sent events) for as long as the calling component is
 * mounted, handing each event to its feature's handler. The server pushes; nothing here polls
 * (spec §7). Mount it once, inside the signed-in shell: logging out unmounts the shell and closes
 * the stream. `handlers` must keep its identity (a module constant): a new list reconnects.
 */
export function useServerEvents(handlers: readonly AnyEventHandler[]) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(SERVER_EVENTS_URL);
    const stopDispatching = dispatchServerEvents(source, queryClient, handlers);
    // The server ends a stream whose session is gone (signed out elsewhere, disabled by an
    // administrator) and refuses it on reconnecting: ask who is signed in, so a page whose
    // session ended lands on the sign-in screen instead of silently going stale.
    const onError = () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    };
    source.addEventListener('error', onError);
    return () => {
      source.removeEventListener('error', onError);
      stopDispatching();
      source.close();
    };
  }, [queryClient, handlers]);
}
