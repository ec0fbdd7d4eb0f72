import type { FastifyPluginAsync } from 'fastify';
import { EVENT_STREAM_CACHE_CONTROL, EVENT_STREAM_TYPE, EventStream } from '../../lib/event-stream';
import type { UserRow } from '../../db/schema';
import { requireUser } from '../access';
import { sessionTokenOf } from '../auth';
import { EventAudience } from './event-audience';
import { isAmong, type VideoChannelEvent } from '../events';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: a server-sent event stream for the videos the signed-in user may see:
 * `video` events (preparation status and progress), `analysis` events (scan and write-up),
 * `analysis-range` events (a chosen range's scan: status and progress),
 * `annotations` events (`{id}`: that video's annotations, replies or reactions changed),
 * `tag-event` events (`{videoId, change, eventId}`: that video's tagged events changed),
 * `measurement` events (`{videoId, change, measurementId}`: that video's measurements changed),
 * `export` events (status and progress of an export the user asked for),
 * `playlist` events (`{id}`: a playlist the user may see changed),
 * `notifications` events (`{unreadCount}`: the user's own notifications changed) and `access`
 * (some access of the user's ended: what the page shows is fetched again).
 * Open pages update from it instead of polling.
 */
export const videoEventRoutes: FastifyPluginAsync<{
  /**
   * The bell's count for a user, given by the notifications module (which depends on this
   * one): when some access of theirs ends, notifications about what they lost stop counting.
   */
  unreadCountOf: (user: UserRow) => Promise<number>;
}> = async (app, { unreadCountOf }) => {
  const openStreams = new Set<EventStream>();
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
          'Server-sent events: `video`, `analysis` and `export` status and progress, `annotations`, `playlist` and `notifications` changes',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A HEAD answer has no body, so Node holds its headers until the end, which a stream
      // never reaches: without this a HEAD would wait, subscribed, until the client gave up.
      if (request.method === 'HEAD') {
        return reply
          .header('content-type', EVENT_STREAM_TYPE)
          .header('cache-control', EVENT_STREAM_CACHE_CONTROL)
          .send();
      }
      const audience = new EventAudience(app.db, user);
      const stream = EventStream.open(reply, { retryMs: 3000, heartbeatMs: HEARTBEAT_MS });
      openStreams.add(stream);

      // One event at a time, in the order they came: progress never runs backwards, and an
      // event that came after access ended is judged after that was learnt.
      let delivered = Promise.resolve();
      const send = (event: VideoChannelEvent) => {
        delivered = delivered
          .then(async () => {
            // A person's notifications are theirs alone, and the stream leaves out whose they are.
            if (event.type === 'notifications') {
              if (event.data.userId === user.id) {
                stream.send({ unreadCount: event.data.unreadCount }, event.type);
              }
              return;
            }
            // An export's event is addressed to whoever asked for it; a range's event and the
            // rest are heard by whoever may view their video.
            const heard =
              event.type === 'export'
                ? event.to === user.id
                : event.type === 'playlist'
                  ? await app.videoEvents.mayHearPlaylist(user, event.data.id)
                  : await audience.mayHear(
                      event.type === 'analysis-range' ||
                        event.type === 'tag-event' ||
                        event.type === 'measurement'
                        ? event.data.videoId
                        : event.data.id,
                    );
            if (heard) stream.send(event.data, event.type);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'event access check failed'));
      };
      const unsubscribe = app.videoEvents.subscribe(send);
      const token = sessionTokenOf(request);
      const stopListeningForEnds = app.videoEvents.onAccessEnded((ended) => {
        if (!isAmong(user, ended)) return;
        audience.forget();
        // The page learns it too (no detail: which videos is not the stream's to say), and
        // asks again for what it shows: a video gone from a team stops showing at once.
        stream.send({}, 'access');
        // A deleted account (or its ended session) hears nothing more at all; anyone else
        // gets their bell's new count, without what they lost.
        delivered = delivered
          .then(async () => {
            if (!token || !(await app.sessions.resolve(token))) return stream.end();
            stream.send({ unreadCount: await unreadCountOf(user) }, 'notifications');
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'session check failed'));
      });
      stream.onClose(() => {
        unsubscribe();
        stopListeningForEnds();
        openStreams.delete(stream);
      });
    },
  );
};
