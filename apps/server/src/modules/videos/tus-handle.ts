import type { Server } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import { NodeRequest, sendNodeResponse } from 'srvx/node';

// What may wait between the socket and the disk, as in the blob store's own writes: the upload
// keeps arriving while a write is on disk.
const BODY_BUFFER = 1024 * 1024;

/**
 * Lets the tus server answer a Node request as its own handle() does, but with a PATCH body
 * that hands the socket's chunks on as they are. handle() reads bodies through Readable.toWeb,
 * which copies every chunk (in case a reader takes over its memory, which would break Node's
 * buffer pool) and pauses the socket once 16 KiB wait: for a whole game that is gigabytes
 * copied and collected again, and a 2 GB upload took about half again the CPU of the
 * multipart one. The tus server only reads the chunks back into a Node stream for the disk,
 * so none needs a copy.
 */
export async function handleWithTus(
  tus: Server,
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    /** A PATCH body that sends nothing for this long is cut off (the connection closed). */
    idleMs: number;
    /** Runs once the tus server has its answer and before the client gets it. */
    beforeAnswer?: (status: number) => Promise<void>;
  },
): Promise<number> {
  const request = new NodeRequest({ req, res });
  if (req.method === 'PATCH') {
    Object.defineProperty(request, 'body', { value: bodyOf(req, options.idleMs) });
  }
  const { beforeAnswer } = options;
  const response = await tus.handleWeb(request);
  await beforeAnswer?.(response.status);
  await sendNodeResponse(res, await inApiShape(response));
  return response.status;
}

/**
 * An error answer of the tus server's as every other error of the API is: JSON `{message}`.
 * Its own sentences are plain text ("Not found\n"); tus clients look only at the status.
 */
async function inApiShape(response: Response): Promise<Response> {
  if (response.status < 400 || response.body === null) return response;
  const message = (await response.text()).trim() || response.statusText;
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  const body = JSON.stringify({ message });
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: response.status, headers });
}

/**
 * The request's body as a web stream, chunk by chunk without copies. A body that sends nothing
 * for `idleMs` while it is being read is cut off: it holds its upload's lock, and a slow
 * client would hold it for ever. (Time the body waits on the disk does not count.)
 */
function bodyOf(req: IncomingMessage, idleMs: number): ReadableStream<Uint8Array> {
  let idle: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => req.destroy(new Error('The upload sent nothing for too long')), idleMs);
  };
  const unwatch = () => clearTimeout(idle);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        watch();
        req.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if (controller.desiredSize! > 0) return watch();
          req.pause();
          unwatch();
        });
        // A connection cut before the end is an error, as Readable.toWeb makes it.
        finished(req, (error) => {
          unwatch();
          if (error) controller.error(error);
          else controller.close();
        });
      },
      pull() {
        if (req.readableEnded || req.destroyed) return;
        req.resume();
        watch();
      },
      cancel(reason) {
        unwatch();
        req.destroy(reason as Error);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_BUFFER }),
  );
}
