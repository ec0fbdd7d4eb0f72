import type { FastifyPluginAsync } from 'fastify';
import type { ServerResponse } from 'node:http';
import { requireUser, sessionTokenOf } from '../../plugins/auth';
import { findVideoAccess } from './video-access';
import { isAmong, type VideoChannelEvent } from './video-events';

const HEARTBEAT_MS = 25_000;
// How long a viewer's right to hear about a video is trusted before it is checked again. When
// access ends (endAccess) every process forgets it at once, so this only bounds the queries.
const ACCESS_CACHE_MS = 10_000;
const EVENT_STREAM = 'text/event-stream; charset=utf-8';
const NO_CACHE = 'no-cache, no-transform';

/**
 * GET /api/events: a server-sent event stream for the videos the signed-in user may see:
 * `video` events (preparation status and progress), `analysis` events (scan and write-up) and
 * `annotations` events (`{id}`: that video's annotations, replies or reactions changed).
 * Open pages update from it instead of polling.
 */
export const videoEventRoutes: FastifyPluginAsync = async (app) => {
  const openStreams = new Set<ServerResponse>();
  // A stream never ends by itself: end them all so a shutdown need not wait for the browsers.
  app.addHook('preClose', async () => {
    for (const stream of openStreams) stream.end();
  });

  app.get(
    '/events',
    {
      schema: {
        tags: ['videos'],
        summary:
          'Server-sent events: `video` and `analysis` status and progress, `annotations` changes',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A HEAD answer has no body, so Node holds its headers until the end, which a stream
      // never reaches: without this a HEAD would wait, subscribed, until the client gave up.
      if (request.method === 'HEAD') {
        return reply.header('content-type', EVENT_STREAM).header('cache-control', NO_CACHE).send();
      }
      const allowed = new Map<string, { ok: boolean; at: number }>();
      // Bumped when this user's access ends: an answer to a question asked before then is not
      // kept, so nothing allowed before the removal is trusted after it.
      let generation = 0;
      const mayHear = async (videoId: string) => {
        const cached = allowed.get(videoId);
        if (cached && Date.now() - cached.at < ACCESS_CACHE_MS) return cached.ok;
        const asked = generation;
        const ok = (await findVideoAccess(app.db, user, videoId)) !== null;
        if (asked === generation) allowed.set(videoId, { ok, at: Date.now() });
        return ok;
      };

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': EVENT_STREAM,
        'cache-control': NO_CACHE,
        connection: 'keep-alive',
        // Reverse proxies (nginx) must pass events on at once rather than buffer them.
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 3000\n: connected\n\n');
      openStreams.add(stream);

      // One event at a time, in the order they came: progress never runs backwards, and an
      // event that came after access ended is judged after that was learnt.
      let delivered = Promise.resolve();
      const send = (event: VideoChannelEvent) => {
        delivered = delivered
          .then(async () => {
            if ((await mayHear(event.data.id)) && !stream.writableEnded) {
              stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'event access check failed'));
      };
      const unsubscribe = app.videoEvents.subscribe(send);
      const token = sessionTokenOf(request);
      const stopListeningForEnds = app.videoEvents.onAccessEnded((ended) => {
        if (!isAmong(user, ended)) return;
        generation += 1;
        allowed.clear();
        // A deleted account (or its ended session) hears nothing more at all.
        delivered = delivered
          .then(async () => {
            if (!token || !(await app.sessions.resolve(token))) stream.end();
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      stream.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        stopListeningForEnds();
        openStreams.delete(stream);
      });
    },
  );
};
