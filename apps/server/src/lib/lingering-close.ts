import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * How much of a refused request's body is read and thrown away so that the client can read the
 * refusal. Past these the connection is cut, as nginx's `lingering_time`/`lingering_timeout` do.
 */
const LINGER_LIMITS = {
  /** Bytes of the rest of the body; a browser on a LAN sends this in well under a second. */
  bytes: 64 * 1024 * 1024,
  /** From the answer on, in all. */
  totalMs: 30_000,
  /** Without a byte arriving. */
  idleMs: 5_000,
};

/**
 * For an answer given before the request's body was read (a refused upload): once the answer
 * is out, the connection is not closed at once but half-closed (FIN after the answer), and the
 * rest of the body is read and discarded until it ends or a limit is reached.
 *
 * Closing a socket whose peer is still sending makes the kernel answer with a reset, and a
 * client still writing (Node's fetch, a browser uploading) then reports EPIPE or ECONNRESET,
 * often instead of the answer it was sent. The answer says `Connection: close` as well, so the
 * client never sends another request on this connection.
 */
export function lingerAfterAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  /** The sockets lingering now, so that a shutdown can end them rather than wait. */
  lingering: Set<Socket>,
  limits = LINGER_LIMITS,
): void {
  const socket: unknown = request.socket;
  // Only a real connection lingers (app.inject's requests have a stand-in).
  if (!(socket instanceof Socket) || request.complete || socket.destroyed) return;
  if (lingering.has(socket)) return;
  lingering.add(socket);

  // Whatever was reading the body (a multipart parser) gave up: the rest is only discarded.
  request.unpipe();
  request.removeAllListeners('data');
  let received = 0;
  const discard = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.bytes) socket.destroy();
    else idle.refresh();
  };
  request.on('data', discard);
  request.resume();
  // Node "dumps" a body nobody read when the answer finishes, dropping every 'data' listener.
  response.once('finish', () => {
    if (!request.listeners('data').includes(discard)) request.on('data', discard);
    request.resume();
  });

  const idle = setTimeout(() => socket.destroy(), limits.idleMs);
  const total = setTimeout(() => socket.destroy(), limits.totalMs);
  idle.unref();
  total.unref();
  socket.once('close', () => {
    clearTimeout(idle);
    clearTimeout(total);
    lingering.delete(socket);
  });

  // Node's HTTP server ends a `Connection: close` answer with socket.destroySoon(), which
  // destroys the socket as soon as the answer is written: replaced, for this socket only, by
  // a half-close. The socket still ends when the body does, or at a limit (above).
  Object.defineProperty(socket, 'destroySoon', {
    configurable: true,
    value: function lingeringClose(this: Socket) {
      this.end();
    },
  });
}
