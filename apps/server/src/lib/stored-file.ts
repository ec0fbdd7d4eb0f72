import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { attachment, type BlobStore } from '../storage';
import { notFound } from './http-errors';

// A signed S3 address lives long enough to start playback and seek around a long game.
const SIGNED_URL_SECONDS = 15 * 60;
const NO_STORE = 'private, no-store';

export type StoredFileOptions = {
  /**
   * How long the asker's browser may keep what it was sent. `private`: its own cache for an hour
   * (a signed address until a minute before it expires), shared caches never. `no-store`: not
   * kept, so each use is checked again.
   */
  cache: 'private' | 'no-store';
  /** The 404's message when there is no such file on disk. */
  missing: string;
  /** Said when sent from here (otherwise the type its extension gives); on S3, the blob's own. */
  contentType?: string;
  /** Saved under this name rather than shown (an attachment), from here and from S3 alike. */
  downloadName?: string;
  /**
   * Sent by this server even from S3: small files that name others relative to their own
   * address (playlists, WebVTT), which on a signed address would resolve unsigned.
   */
  passThrough?: boolean;
};

/**
 * Sends a stored file to someone the route has found may have it: from disk with Range, ETag
 * and Last-Modified; from S3 as a redirect to a short-lived signed address, which answers
 * ranges itself, so the file's bytes never pass through this server.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  options: StoredFileOptions,
): Promise<FastifyReply> {
  const { cache, downloadName } = options;
  const location = await blobs.locate(key, { expiresInSeconds: SIGNED_URL_SECONDS, downloadName });
  if (location.kind === 'url' && !options.passThrough) {
    const kept = cache === 'private' ? `private, max-age=${SIGNED_URL_SECONDS - 60}` : NO_STORE;
    return reply.header('cache-control', kept).redirect(location.url, 302);
  }
  if (location.kind === 'url') {
    const body = await blobs.read(key);
    const type = options.contentType ?? send.mime.getType(key) ?? 'application/octet-stream';
    return describe(reply, options).type(type).send(body);
  }

  const result = await send(request.raw, `/${path.basename(location.path)}`, {
    root: path.dirname(location.path),
    dotfiles: 'deny',
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  if (result.type === 'error') {
    if (result.statusCode === 404) throw notFound(options.missing);
    if (result.statusCode === 416) {
      return reply
        .code(416)
        .header('content-range', result.headers['Content-Range'] ?? result.headers['content-range'])
        .send({ message: 'The requested range is outside the file' });
    }
    throw result.metadata.error;
  }
  describe(reply.code(result.statusCode).headers(result.headers), options);
  if (options.contentType) reply.header('content-type', options.contentType);
  return reply.send(result.stream);
}

/** The headers of a file sent from here: how long it may be kept, and whether it is a download. */
function describe(reply: FastifyReply, { cache, downloadName }: StoredFileOptions) {
  reply.header('cache-control', cache === 'private' ? 'private, max-age=3600' : NO_STORE);
  if (downloadName) {
    reply.header('content-disposition', attachment(downloadName));
  }
  return reply;
}
