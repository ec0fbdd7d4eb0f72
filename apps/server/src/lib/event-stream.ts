import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

export const EVENT_STREAM_TYPE = 'text/event-stream; charset=utf-8';
export const EVENT_STREAM_CACHE_CONTROL = 'no-cache, no-transform';

/** The reader left (or the server ended the stream) before the event could be written. */
export class EventStreamClosed extends Error {
  constructor() {
    super('The event stream is closed');
  }
}

export type EventStreamOptions = {
  /**
   * Sent first, with a comment that the stream is open: how long a browser's EventSource waits
   * before it connects again after losing the stream.
   */
  retryMs?: number;
  /** A comment this often, so proxies and browsers do not give up on a quiet stream. */
  heartbeatMs?: number;
};

/**
 * One event as the stream carries it: an `event:` line when it has a name, a `data:` line with
 * its JSON (JSON has no raw line breaks, so one line always holds it), then a blank line.
 */
export function eventText(data: unknown, name?: string): string {
  return `${name === undefined ? '' : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * A server-sent event stream (`text/event-stream`) on a reply Fastify hands over: a stream
 * never ends by itself, so the caller owns it until it ends it or the reader leaves.
 */
export class EventStream {
  private constructor(private readonly response: ServerResponse) {}

  /** Takes the reply from Fastify and starts the stream. */
  static open(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': EVENT_STREAM_TYPE,
      'cache-control': EVENT_STREAM_CACHE_CONTROL,
      connection: 'keep-alive',
      // Reverse proxies (nginx) must pass each event on at once rather than buffer the stream.
      'x-accel-buffering': 'no',
    });
    if (options.retryMs !== undefined) {
      response.write(`retry: ${options.retryMs}\n: connected\n\n`);
    }
    if (options.heartbeatMs !== undefined) {
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), options.heartbeatMs);
      response.on('close', () => clearInterval(heartbeat));
    }
    return new EventStream(response);
  }

  /** Whether nothing more can be written: the stream was ended, or the reader left. */
  get closed(): boolean {
    return this.response.writableEnded || this.response.destroyed;
  }

  /**
   * Writes an event without waiting for the reader: for small events whose order matters more
   * than a slow reader's buffer. Nothing happens once the stream is closed.
   */
  send(data: unknown, name?: string): void {
    if (!this.closed) this.response.write(eventText(data, name));
  }

  /**
   * Writes an event, then waits while the connection's buffer is full, so a slow reader slows
   * the writer down. Rejects with EventStreamClosed once the stream is closed, and with an
   * AbortError when `signal` fires first, so a reader who leaves holds nothing open.
   */
  async write(data: unknown, options: { signal: AbortSignal; name?: string }): Promise<void> {
    if (this.closed) throw new EventStreamClosed();
    if (!this.response.write(eventText(data, options.name))) {
      await once(this.response, 'drain', { signal: options.signal });
    }
  }

  /** Called once when the stream closes, whoever closed it. */
  onClose(listener: () => void): void {
    this.response.on('close', listener);
  }

  end(): void {
    this.response.end();
  }
}
