import send from '@fastify/send';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { notFound } from '../../lib/http-errors';
import { requireUser, sessionTokenOf } from '../../plugins/auth';
import type { Database } from '../../db/connection';
import type { UserRow } from '../../db/schema';
import { mayKnowPerson } from '../users/people-access';
import { SERVABLE_PHOTO_KEY } from '../users/profile-photos';
import { findVideoAccess } from './video-access';
import { isAmong } from './video-events';
import { SERVABLE_ANNOTATION_AUDIO_KEY, SERVABLE_KEY } from './video-keys';

// A signed S3 address lives long enough to start playback and seek around a long game.
const SIGNED_URL_SECONDS = 15 * 60;

/**
 * Video files and annotations' voice notes go to people who may view the video; profile photos
 * to people who may know the person.
 */
async function mayRead(db: Database, user: UserRow, key: string): Promise<boolean> {
  const video = SERVABLE_KEY.exec(key) ?? SERVABLE_ANNOTATION_AUDIO_KEY.exec(key);
  if (video) return (await findVideoAccess(db, user, video[1]!)) !== null;
  const photo = SERVABLE_PHOTO_KEY.exec(key);
  if (photo) return mayKnowPerson(db, user, photo[1]!);
  return false;
}

type Download = {
  user: UserRow;
  token: string | undefined;
  key: string;
  response: ServerResponse;
};

/**
 * GET /uploads/<key>: a video's prepared media, stills and voice notes, only to people who may
 * view it, and profile photos.
 * From disk with Range, ETag and Last-Modified; from S3 as a short-lived signed redirect.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  // Files being sent from disk, so that when someone's access ends (endAccess) the downloads
  // they may no longer have stop there and then, not when the file is done.
  const sending = new Set<Download>();
  const stillAllowed = async ({ user, token, key }: Download) =>
    token !== undefined &&
    (await app.sessions.resolve(token)) !== null &&
    (await mayRead(app.db, user, key));
  const stopListening = app.videoEvents.onAccessEnded((ended) => {
    for (const download of sending) {
      if (!isAmong(download.user, ended)) continue;
      void stillAllowed(download)
        .then((ok) => {
          if (!ok) download.response.destroy();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'download access check failed'));
    }
  });
  app.addHook('onClose', async () => stopListening());

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const user = requireUser(request);
    if (!(await mayRead(app.db, user, key))) throw notFound('File not found');

    const location = await app.blobs.locate(key, { expiresInSeconds: SIGNED_URL_SECONDS });
    if (location.kind === 'url') {
      return reply
        .header('cache-control', `private, max-age=${SIGNED_URL_SECONDS - 60}`)
        .redirect(location.url, 302);
    }

    const result = await send(request.raw, `/${path.basename(location.path)}`, {
      root: path.dirname(location.path),
      dotfiles: 'deny',
      cacheControl: false,
      etag: true,
      lastModified: true,
    });
    if (result.type === 'error') {
      if (result.statusCode === 404) throw notFound('File not found');
      if (result.statusCode === 416) {
        return reply
          .code(416)
          .header(
            'content-range',
            result.headers['Content-Range'] ?? result.headers['content-range'],
          )
          .send({ message: 'The requested range is outside the file' });
      }
      throw result.metadata.error;
    }
    // Private: each viewer's own cache may keep it, shared caches may not.
    reply
      .code(result.statusCode)
      .headers(result.headers)
      .header('cache-control', 'private, max-age=3600');
    // By extension a .webm is video/webm; a voice note is audio (its blob's type on S3 says so too).
    const audio = SERVABLE_ANNOTATION_AUDIO_KEY.exec(key);
    if (audio) reply.header('content-type', `audio/${audio[2]!}`);
    const download = { user, token: sessionTokenOf(request), key, response: reply.raw };
    sending.add(download);
    reply.raw.once('close', () => sending.delete(download));
    return reply.send(result.stream);
  });
};
