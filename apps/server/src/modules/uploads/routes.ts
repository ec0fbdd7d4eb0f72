import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { notFound, unauthorized } from '../../lib/http-errors';
import { sendStoredFile } from '../../lib/stored-file';
import { hashToken } from '../../lib/secret-tokens';
import { resolveSession, sessionTokenOf } from '../auth';
import type { Database } from '../../db/connection';
import type { UserRow } from '../../db/schema';
import { SERVABLE_PHOTO_KEY } from '../users';
import { holdsPermission, requireUser } from '../access';
import { isAmong, type AccessEnded } from '../events';
import { SERVABLE_ANNOTATION_AUDIO_KEY, SERVABLE_KEY, SERVABLE_STREAM_KEY } from '../../storage';
import { ReadAccessCache, type Reader, type ReadSubject } from './read-access-cache';

/**
 * Playlists and the storyboard's WebVTT: sent by this server even when files live on S3, since
 * they name their segments and sprites relative to their own address.
 */
const PASSED_THROUGH = /\.(?:m3u8|vtt)$/;

/** Whose access a servable file follows: its video's, or (a profile photo) its person's. */
function subjectOf(key: string): ReadSubject | null {
  const video =
    SERVABLE_KEY.exec(key) ??
    SERVABLE_STREAM_KEY.exec(key) ??
    SERVABLE_ANNOTATION_AUDIO_KEY.exec(key);
  if (video) return { kind: 'video', id: video[1]! };
  const photo = SERVABLE_PHOTO_KEY.exec(key);
  return photo ? { kind: 'person', id: photo[1]! } : null;
}

/**
 * Video files and annotations' voice notes go to people who may view the video; profile photos
 * to people who may know the person.
 */
function mayRead(db: Database, user: UserRow, subject: ReadSubject): Promise<boolean> {
  return holdsPermission(
    db,
    user,
    subject.kind === 'video' ? 'video.read' : 'person.read',
    subject.id,
  );
}

type Download = {
  reader: Reader;
  token: string;
  subject: ReadSubject;
  response: ServerResponse;
};

const touches = (download: Download, ended: AccessEnded) =>
  isAmong(download.reader, ended) ||
  (download.subject.kind === 'video' && ended.videoIds.includes(download.subject.id));

/**
 * GET /uploads/<key>: a video's prepared media, stills and voice notes, only to people who may
 * view it, and profile photos.
 * From disk with Range, ETag and Last-Modified; from S3 as a short-lived signed redirect. A
 * download in progress stops when its reader's access ends.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const allowed = new ReadAccessCache();
  // Files being sent from disk, so that when someone's access ends (endAccess) the downloads
  // they may no longer have stop there and then, not when the file is done.
  const sending = new Set<Download>();
  const stillAllowed = async ({ token, subject }: Download) => {
    const session = await app.sessions.resolve(token);
    return session !== null && (await mayRead(app.db, session.user, subject));
  };
  const stopListening = app.videoEvents.onAccessEnded((ended) => {
    allowed.forget(ended);
    for (const download of sending) {
      if (!touches(download, ended)) continue;
      void stillAllowed(download)
        .then((ok) => {
          if (!ok) download.response.destroy();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'download access check failed'));
    }
  });
  // Ended accesses may have gone unheard while the LISTEN connection was down.
  const stopWatching = app.videoEvents.onListeningChanged(() => allowed.clear());
  app.addHook('onClose', async () => {
    stopListening();
    stopWatching();
  });

  /** Who is asking, if they may read the subject's files: remembered, or checked now. */
  const readerOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    subject: ReadSubject | null,
  ): Promise<Reader> => {
    const sessionId = hashToken(token);
    // Only while every ended access is heard of can a remembered answer be trusted.
    const trusted = app.videoEvents.listening;
    const remembered = subject && trusted ? allowed.find(sessionId, subject) : undefined;
    if (remembered) return remembered;
    const ticket = allowed.ticket();
    const session = await resolveSession(app, request, reply);
    const user = requireUser(request);
    if (!subject || !(await mayRead(app.db, user, subject))) throw notFound('File not found');
    if (trusted) allowed.remember(ticket, sessionId, subject, user, session!.expiresAt);
    return user;
  };

  app.get(
    '/uploads/*',
    {
      schema: { hide: true },
      config: { resolvesOwnSession: true },
      // A player reads a video in dozens of range requests a minute: a log line each is noise.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const token = sessionTokenOf(request);
      if (!token) throw unauthorized();
      const subject = subjectOf(key);
      const reader = await readerOf(request, reply, token, subject);

      const download = { reader, token, subject: subject!, response: reply.raw };
      sending.add(download);
      reply.raw.once('close', () => sending.delete(download));
      // By extension a .webm is video/webm; a voice note is audio (its blob's type on S3 says so too).
      const audio = SERVABLE_ANNOTATION_AUDIO_KEY.exec(key);
      return sendStoredFile(request, reply, app.blobs, key, {
        cache: 'private',
        missing: 'File not found',
        contentType: audio ? `audio/${audio[2]!}` : undefined,
        passThrough: PASSED_THROUGH.test(key),
      });
    },
  );
};
