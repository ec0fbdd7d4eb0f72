import { useServerEvents } from '@/hooks/use-server-events';
import { SERVER_EVENT_HANDLERS } from '../server-event-handlers';

/** Keeps the signed-in app's caches live (see useServerEvents). Renders nothing. */
export function ServerEventsListener() {
  useServerEvents(SERVER_EVENT_HANDLERS);
  return null;
}
