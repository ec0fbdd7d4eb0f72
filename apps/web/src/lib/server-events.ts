import type {
  AnalysisRangeEvent,
  AnalysisState,
  AnnotationsChangedEvent,
  ExportEvent,
  MeasurementChanged,
  NotificationsChangedEvent,
  PlaylistChangedEvent,
  TagEventChanged,
  VideoEvent,
} from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every event GET /api/events sends, by its name, with what it carries. A feature that keeps a
 * cache live adds three things: its event here, a handler in its own folder
 * (`features/<name>/api/<name>-events.ts`, made with defineEventHandler), and that handler in
 * the app's list (app/server-event-handlers.ts).
 */
export type ServerEvents = {
  video: VideoEvent;
  analysis: AnalysisState;
  'analysis-range': AnalysisRangeEvent;
  annotations: AnnotationsChangedEvent;
  export: ExportEvent;
  playlist: PlaylistChangedEvent;
  notifications: NotificationsChangedEvent;
  'tag-event': TagEventChanged;
  measurement: MeasurementChanged;
  /** Some access of the user's ended: the stream says no more than that. */
  access: Record<string, never>;
};
export type ServerEventName = keyof ServerEvents;

/** What one feature does with one kind of event: write it into the caches it owns. */
export type EventHandler<N extends ServerEventName = ServerEventName> = {
  event: N;
  apply: (queryClient: QueryClient, data: ServerEvents[N]) => Promise<void>;
  /**
   * Which cached queries (by their key's first item) could have missed this kind of event while
   * the stream was shut: events are not replayed, so these are asked again each time it opens.
   */
  catchUp?: (address: string) => boolean;
};

/** Any one handler (a union, so each keeps its own event's type). */
export type AnyEventHandler = { [N in ServerEventName]: EventHandler<N> }[ServerEventName];

/** A feature's handler, typed by the event it handles. */
export function defineEventHandler<N extends ServerEventName>(
  handler: EventHandler<N>,
): EventHandler<N> {
  return handler;
}

/**
 * Refetches a query so that the answer is newer than an event just received. A fetch already
 * in flight may have been answered before the event happened, and invalidateQueries joins a
 * first load (no data yet) rather than restarting it; so cancel first, then refetch.
 */
export async function refetchAfterEvent(queryClient: QueryClient, queryKey: readonly unknown[]) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** Invalidates every cached query whose address (its key's first item) `matches`. */
export function invalidateAddresses(
  queryClient: QueryClient,
  matches: (address: string) => boolean,
) {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && matches(query.queryKey[0]),
  });
}

/**
 * Hands each event the stream (an EventSource) sends to the handler registered for its name, and on each opening
 * asks again for what the handlers keep live. An event that is not JSON changes nothing.
 * Returns what stops listening.
 */
export function dispatchServerEvents(
  stream: EventTarget,
  queryClient: QueryClient,
  handlers: readonly AnyEventHandler[],
): () => void {
  const listeners = handlers.map((handler) => {
    const apply = handler.apply as (client: QueryClient, data: unknown) => Promise<void>;
    const listener = (message: Event) => {
      let data: unknown;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      void apply(queryClient, data);
    };
    return [handler.event, listener] as const;
  });
  // Events sent before the stream opened are not replayed: the page's first fetch may predate
  // one (a video turning ready while the page loaded), and the browser's reconnections lose
  // those sent while the connection was down. So catch up each time the stream opens.
  const onOpen = () => {
    void invalidateAddresses(queryClient, (address) =>
      handlers.some((handler) => handler.catchUp?.(address)),
    );
  };
  for (const [event, listener] of listeners) stream.addEventListener(event, listener);
  stream.addEventListener('open', onOpen);
  return () => {
    for (const [event, listener] of listeners) stream.removeEventListener(event, listener);
    stream.removeEventListener('open', onOpen);
  };
}
