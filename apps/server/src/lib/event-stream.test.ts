import Fastify, { type FastifyInstance } from 'fastify';
import http, { type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStream, EventStreamClosed, eventText, type EventStreamOptions } from './event-stream';

let server: FastifyInstance | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose one route opens a stream and hands it to the test. */
async function streamServer(options: EventStreamOptions = {}) {
  let opened!: (stream: EventStream) => void;
  const stream = new Promise<EventStream>((resolve) => (opened = resolve));
  server = Fastify({ forceCloseConnections: true });
  server.get('/events', async (_request, reply) => {
    opened(EventStream.open(reply, options));
    return reply;
  });
  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${origin}/events`, stream };
}

/** A GET that gives back the response as it arrives, unread. */
function connect(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, resolve).on('error', reject));
}

/** Reads until the body holds `text`, and returns the body so far. */
async function readUntil(response: IncomingMessage, text: string): Promise<string> {
  let body = '';
  response.setEncoding('utf8');
  for await (const chunk of response) {
    body += chunk as string;
    if (body.includes(text)) return body;
  }
  throw new Error(`the stream ended without ${JSON.stringify(text)}: ${JSON.stringify(body)}`);
}

describe('eventText', () => {
  it('writes a data line of JSON and a blank line, after an event line when named', () => {
    expect(eventText({ type: 'complete' })).toBe('data: {"type":"complete"}\n\n');
    expect(eventText({ id: 'a\nb' }, 'video')).toBe('event: video\ndata: {"id":"a\\nb"}\n\n');
  });
});

describe('EventStream', () => {
  it('answers as an unbuffered event stream and writes events in order', async () => {
    const { url, stream } = await streamServer({ retryMs: 3000 });
    const response = await connect(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const events = await stream;
    events.send({ id: 1 }, 'video');
    await events.write({ type: 'complete' }, { signal: new AbortController().signal });
    events.end();
    expect(await readUntil(response, 'complete')).toBe(
      'retry: 3000\n: connected\n\nevent: video\ndata: {"id":1}\n\ndata: {"type":"complete"}\n\n',
    );
    expect(events.closed).toBe(true);
  });

  it('sends a heartbeat while the stream is quiet', async () => {
    const { url, stream } = await streamServer({ heartbeatMs: 5 });
    const response = await connect(url);
    await stream;
    expect(await readUntil(response, ': heartbeat\n\n')).toBe(': heartbeat\n\n');
  });

  it('tells its owner when the reader leaves, then writes nothing more', async () => {
    const { url, stream } = await streamServer({ heartbeatMs: 5 });
    const response = await connect(url);
    const events = await stream;
    const left = new Promise<void>((resolve) => events.onClose(resolve));
    response.destroy();
    await left;
    expect(events.closed).toBe(true);
    expect(() => events.send({ late: true })).not.toThrow();
    await expect(
      events.write({ late: true }, { signal: new AbortController().signal }),
    ).rejects.toBeInstanceOf(EventStreamClosed);
  });

  it('waits for a slow reader, and gives up when told to', async () => {
    const { url, stream } = await streamServer();
    // Unread until resumed. Its headers come with the first event.
    const responding = connect(url);
    const events = await stream;
    // Far more than the sockets' buffers hold: the write waits until the reader reads.
    const large = 'x'.repeat(32 * 1024 * 1024);

    const abandoned = new AbortController();
    const stuck = events.write(large, { signal: abandoned.signal });
    const reason = new Error('the reader is too slow');
    abandoned.abort(reason);
    await expect(stuck).rejects.toMatchObject({ name: 'AbortError', cause: reason });

    const reading = events.write(large, { signal: new AbortController().signal });
    (await responding).resume();
    await expect(reading).resolves.toBeUndefined();
  });
});
