import type { Video, VideoEvent } from '@filmroom/contract';
import { EventSource } from 'eventsource';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { testVideo } from '@/features/videos/lib/test-video';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { ServerEventsListener } from './server-events-listener';

/**
 * The app's event client end to end: a real HTTP server sends server-sent events, a real
 * EventSource (the `eventsource` package: happy-dom has none) reads them, and the listener the
 * shell mounts writes them into the query cache.
 */
const api = withApiServer();
let connected: (stream: ServerResponse) => void = () => undefined;
/** Whether GET /api/events still answers: a signed-out session's stream is refused (401). */
let signedIn = true;

beforeAll(() => vi.stubGlobal('EventSource', EventSource));
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  signedIn = true;
  api.answer('/api/events', (_request, response) => {
    if (!signedIn) return void response.writeHead(401).end();
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    // Reconnect at once rather than after the default 3 s.
    response.write('retry: 10\n\n');
    connected(response);
  });
});

const send = (stream: ServerResponse, name: string, data: unknown) =>
  stream.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** Mounts the listener and waits for its stream to be open on the server. */
async function mountListener() {
  const stream = new Promise<ServerResponse>((resolve) => (connected = resolve));
  const { client, ...view } = renderInApp(<ServerEventsListener />);
  return { client, view, stream: await stream };
}

describe('the event client', () => {
  it("writes a video's progress, pushed by the server, into the cached list", async () => {
    const { client, view, stream } = await mountListener();
    const video = testVideo({ status: 'processing', progress: 10 });
    client.setQueryData<Video[]>(VIDEOS_QUERY_KEY, [video]);

    const event: VideoEvent = {
      id: video.id,
      status: 'processing',
      progress: 40,
      failureReason: null,
    };
    send(stream, 'video', event);

    await vi.waitFor(() =>
      expect(client.getQueryData<Video[]>(VIDEOS_QUERY_KEY)?.[0]?.progress).toBe(40),
    );
    view.unmount();
  });

  it('asks again for what sharing reaches when access ends, and for nothing else', async () => {
    const { client, view, stream } = await mountListener();
    // Set after the stream opened: what opening asks again for is another test's.
    client.setQueryData(['/api/teams'], []);
    client.setQueryData(['/api/mail/outbox'], []);

    send(stream, 'access', {});

    const invalidated = (address: string) => client.getQueryState([address])?.isInvalidated;
    await vi.waitFor(() => expect(invalidated('/api/teams')).toBe(true));
    expect(invalidated('/api/mail/outbox')).toBe(false);
    view.unmount();
  });

  it('asks who is signed in once the server ends the stream and refuses it again', async () => {
    const { client, view, stream } = await mountListener();
    client.setQueryData(USER_QUERY_KEY, { id: 'u1' });

    signedIn = false;
    stream.end();

    await vi.waitFor(() => expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true));
    view.unmount();
  });

  it('closes the stream when the shell unmounts (logging out)', async () => {
    const { view, stream } = await mountListener();
    const closed = new Promise((resolve) => stream.on('close', resolve));

    view.unmount();

    await closed;
  });
});
