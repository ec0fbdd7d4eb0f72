import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { notFound } from './http-errors';

/**
 * Answers a GET of a file on local disk with Range, ETag and Last-Modified: sets the status and
 * headers and returns the body to send, or null once a range outside the file has been answered.
 */
export async function openLocalFile(
  request: FastifyRequest,
  reply: FastifyReply,
  filePath: string,
  notFoundMessage: string,
): Promise<Readable | null> {
  const result = await send(request.raw, `/${path.basename(filePath)}`, {
    root: path.dirname(filePath),
    dotfiles: 'deny',
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  if (result.type === 'error') {
    if (result.statusCode === 404) throw notFound(notFoundMessage);
    if (result.statusCode === 416) {
      await reply
        .code(416)
        .header('content-range', result.headers['Content-Range'] ?? result.headers['content-range'])
        .send({ message: 'The requested range is outside the file' });
      return null;
    }
    throw result.metadata.error;
  }
  reply.code(result.statusCode).headers(result.headers);
  return result.stream;
}
