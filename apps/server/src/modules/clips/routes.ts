import {
  addPlaylistItemBodySchema,
  clipDetailSchema,
  clipListQuerySchema,
  clipNoteParamsSchema,
  clipParamsSchema,
  clipSchema,
  createClipBodySchema,
  createPlaylistBodySchema,
  messageResponseSchema,
  playlistItemParamsSchema,
  playlistParamsSchema,
  playlistSchema,
  playlistShareParamsSchema,
  playlistShareSchema,
  playlistSummarySchema,
  renamePlaylistBodySchema,
  reorderPlaylistBodySchema,
  sharePlaylistBodySchema,
  updateClipBodySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { sendStoredFile } from '../../lib/stored-file';
import { holdsPermission, requireUser } from '../access';
import type { ClipService } from './clip-service';
import type { PlaylistService } from './playlist-service';

const errors = errorResponses(400, 401, 403, 404);

export const clipRoutes: FastifyPluginAsyncZod<{
  clipService: ClipService;
  playlistService: PlaylistService;
}> = async (app, { clipService, playlistService }) => {
  // A playlist's events are heard by whoever may open it, checked as each event goes out.
  app.videoEvents.hearPlaylistsWith((user, playlistId) =>
    holdsPermission(app.db, user, 'playlist.read', playlistId),
  );

  app.get(
    '/clips',
    {
      schema: {
        tags: ['clips'],
        summary: 'Your clips, newest first (of the videos you may still view)',
        querystring: clipListQuerySchema,
        response: { 200: z.array(clipSchema), ...errors },
      },
    },
    async (request) => clipService.list(requireUser(request), request.query),
  );

  app.post(
    '/clips',
    {
      schema: {
        tags: ['clips'],
        summary: 'Make a clip: a titled range of a video you may view',
        body: createClipBodySchema,
        response: { 201: clipDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await clipService.create(requireUser(request), request.body)),
  );

  app.get(
    '/clips/:clipId',
    {
      schema: {
        tags: ['clips'],
        summary: 'A clip with the notes inside its range (yours, or in a playlist shared with you)',
        params: clipParamsSchema,
        response: { 200: clipDetailSchema, ...errors },
      },
    },
    async (request) => clipService.get(requireUser(request), request.params.clipId),
  );

  app.patch(
    '/clips/:clipId',
    {
      schema: {
        tags: ['clips'],
        summary: 'Rename a clip or change its range (its owner)',
        params: clipParamsSchema,
        body: updateClipBodySchema,
        response: { 200: clipDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      clipService.update(requireUser(request), request.params.clipId, request.body),
  );

  app.delete(
    '/clips/:clipId',
    {
      schema: {
        tags: ['clips'],
        summary: 'Delete a clip (its owner); it leaves every playlist',
        params: clipParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await clipService.delete(requireUser(request), request.params.clipId);
      return { message: 'Clip deleted' };
    },
  );

  app.get(
    '/clips/:clipId/notes/:noteId/audio',
    {
      schema: {
        tags: ['clips'],
        summary:
          'A voice note inside the clip’s range, for whoever may play the clip (a shared playlist’s viewers too)',
        params: clipNoteParamsSchema,
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const { clipId, noteId } = request.params;
      const key = await clipService.noteAudioKey(requireUser(request), clipId, noteId);
      // Voice notes are kept as .webm or .ogg: by extension a .webm would pass for video.
      const type = key.endsWith('.ogg') ? 'audio/ogg' : 'audio/webm';
      return sendStoredFile(request, reply, app.blobs, key, {
        cache: 'private',
        missing: 'Voice note not found',
        contentType: type,
      });
    },
  );

  app.get(
    '/clips/:clipId/media',
    {
      schema: {
        tags: ['clips'],
        summary:
          'The clip’s range alone as an MP4 (cut on first request, which waits its turn: 503 with Retry-After if it takes too long), with Range support; nothing outside the range',
        params: clipParamsSchema,
        response: errorResponses(401, 404, 413, 503),
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A client that gives up closes the connection before an answer: it waits no more.
      const leave = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) leave.abort();
      });
      const key = await clipService
        .mediaKey(user, request.params.clipId, leave.signal)
        .catch((error: unknown) => {
          // The asker left and their cut stopped: no one to answer, and nothing went wrong.
          if (leave.signal.aborted) return null;
          throw error;
        });
      if (key === null) return reply;
      return sendStoredFile(request, reply, app.blobs, key, {
        cache: 'private',
        missing: 'Clip not found',
        contentType: 'video/mp4',
      });
    },
  );

  app.get(
    '/playlists',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Your playlists, then those shared with you',
        response: { 200: z.array(playlistSummarySchema), ...errors },
      },
    },
    async (request) => playlistService.list(requireUser(request)),
  );

  app.post(
    '/playlists',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Make a playlist, optionally with some of your clips in order',
        body: createPlaylistBodySchema,
        response: { 201: playlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await playlistService.create(
            requireUser(request),
            request.body.title,
            request.body.clipIds,
          ),
        ),
  );

  app.get(
    '/playlists/:playlistId',
    {
      schema: {
        tags: ['playlists'],
        summary: 'A playlist with its clips in playing order, each with its notes',
        params: playlistParamsSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) => playlistService.get(requireUser(request), request.params.playlistId),
  );

  app.patch(
    '/playlists/:playlistId',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Rename a playlist (its owner)',
        params: playlistParamsSchema,
        body: renamePlaylistBodySchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) =>
      playlistService.rename(requireUser(request), request.params.playlistId, request.body.title),
  );

  app.delete(
    '/playlists/:playlistId',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Delete a playlist (its owner); its clips stay',
        params: playlistParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await playlistService.delete(requireUser(request), request.params.playlistId);
      return { message: 'Playlist deleted' };
    },
  );

  app.post(
    '/playlists/:playlistId/items',
    {
      schema: {
        tags: ['playlists'],
        summary:
          'Add one of your clips at the end of the playlist (403 for a clip of a video you may only view, once the playlist is shared)',
        params: playlistParamsSchema,
        body: addPlaylistItemBodySchema,
        response: { 201: playlistSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await playlistService.addClip(
            requireUser(request),
            request.params.playlistId,
            request.body.clipId,
          ),
        ),
  );

  app.delete(
    '/playlists/:playlistId/items/:itemId',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Take a clip out of the playlist (the clip stays)',
        params: playlistItemParamsSchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) =>
      playlistService.removeItem(
        requireUser(request),
        request.params.playlistId,
        request.params.itemId,
      ),
  );

  app.put(
    '/playlists/:playlistId/order',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Set the playing order: every item id once, in the new order',
        params: playlistParamsSchema,
        body: reorderPlaylistBodySchema,
        response: { 200: playlistSchema, ...errors },
      },
    },
    async (request) =>
      playlistService.reorder(
        requireUser(request),
        request.params.playlistId,
        request.body.itemIds,
      ),
  );

  app.post(
    '/playlists/:playlistId/shares',
    {
      schema: {
        tags: ['playlists'],
        summary:
          'Share the playlist with an e-mail address (view only: its clips’ ranges, nothing else of their videos); 403 if it holds clips of someone else’s video you may only view',
        params: playlistParamsSchema,
        body: sharePlaylistBodySchema,
        response: { 200: playlistShareSchema, 201: playlistShareSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { share, created } = await playlistService.share(
        requireUser(request),
        request.params.playlistId,
        request.body.email,
      );
      return reply.code(created ? 201 : 200).send(share);
    },
  );

  app.delete(
    '/playlists/:playlistId/shares/:shareId',
    {
      schema: {
        tags: ['playlists'],
        summary: 'Stop sharing the playlist with one address',
        params: playlistShareParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await playlistService.unshare(
        requireUser(request),
        request.params.playlistId,
        request.params.shareId,
      );
      return { message: 'Share removed successfully' };
    },
  );
};
