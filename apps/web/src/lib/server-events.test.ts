import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  defineEventHandler,
  dispatchServerEvents,
  type AnyEventHandler,
  type ServerEvents,
} from './server-events';

/** A stream as EventSource is one: an EventTarget that dispatches named MessageEvents. */
const send = (stream: EventTarget, name: string, data: string) =>
  stream.dispatchEvent(new MessageEvent(name, { data }));

function recordingHandlers() {
  const heard: { event: string; data: unknown }[] = [];
  const record =
    <N extends keyof ServerEvents>(event: N) =>
    async (_client: QueryClient, data: ServerEvents[N]) => {
      heard.push({ event, data });
    };
  const handlers: AnyEventHandler[] = [
    defineEventHandler({
      event: 'video',
      apply: record('video'),
      catchUp: (address) => address.startsWith('/api/videos'),
    }),
    defineEventHandler({
      event: 'notifications',
      apply: record('notifications'),
      catchUp: (address) => address === '/api/notifications',
    }),
  ];
  return { heard, handlers };
}

describe('dispatchServerEvents', () => {
  it("hands each event to its name's handler, read from JSON, and ignores the unreadable", () => {
    const stream = new EventTarget();
    const { heard, handlers } = recordingHandlers();
    dispatchServerEvents(stream, new QueryClient(), handlers);

    const event = { id: 'v1', status: 'processing', progress: 40, failureReason: null };
    send(stream, 'video', JSON.stringify(event));
    send(stream, 'video', 'not json');
    send(stream, 'notifications', '{"unreadCount":3}');
    send(stream, 'playlist', '{"id":"p1"}');

    expect(heard).toEqual([
      { event: 'video', data: event },
      { event: 'notifications', data: { unreadCount: 3 } },
    ]);
  });

  it('asks again, each time the stream opens, for what the handlers keep live', async () => {
    const stream = new EventTarget();
    const client = new QueryClient();
    for (const address of ['/api/videos/v1', '/api/notifications', '/api/teams']) {
      client.setQueryData([address], {});
    }
    dispatchServerEvents(stream, client, recordingHandlers().handlers);

    stream.dispatchEvent(new Event('open'));

    const invalidated = (address: string) => client.getQueryState([address])?.isInvalidated;
    expect(invalidated('/api/videos/v1')).toBe(true);
    expect(invalidated('/api/notifications')).toBe(true);
    expect(invalidated('/api/teams')).toBe(false);
  });

  it('stops handing events on once stopped', () => {
    const stream = new EventTarget();
    const { heard, handlers } = recordingHandlers();
    const stop = dispatchServerEvents(stream, new QueryClient(), handlers);

    stop();
    send(stream, 'notifications', '{"unreadCount":1}');

    expect(heard).toEqual([]);
  });
});
