import {
  asksForVideoPage,
  errorResponseSchema,
  messageResponseSchema,
  updateVideoBodySchema,
  uploadFieldsSchema,
  videoDetailSchema,
  VIDEO_PAGE_DEFAULT_LIMIT,
  videoIdParamsSchema,
  videoListQuerySchema,
  videoListSchema,
  videoPageSchema,
  videoSchema,
  type VideoDetail,
  type VideoPage,
} from '@filmroom/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-errors';
import { receiveStagedUpload } from '../../lib/staged-upload';
import { requireUser } from '../access';
import { videoKeys } from '../../storage';
import { VideoListCache } from './video-list-cache';
import type { VideoService } from './video-service';
import { isVideoType, notAVideo } from './video-types';
import { toVideoView } from './video-view';
import { errorResponses } from '../../lib/error-responses';
import type { VideoRow } from '../../db/schema';

const errors = errorResponses(400, 401, 403, 404);

/**
 * What other modules add to a video's page: its analysis, and questions to start the chat with.
 * Passed in, as those modules build on this one.
 */
export type VideoDetailExtras = (
  video: VideoRow,
) => Promise<Pick<VideoDetail, 'analysis' | 'analysisState' | 'suggestedPrompts'>>;

export const videoRoutes: FastifyPluginAsyncZod<{
  videos: VideoService;
  detailExtras: VideoDetailExtras;
}> = async (app, { videos, detailExtras }) => {
  const listCache = new VideoListCache();

  app.get(
    '/videos',
    {
      schema: {
        tags: ['videos'],
        summary: "The user's videos and those shared with them, newest first",
        description:
          'With none of q, cursor and limit: every video, as an array. With any of them: one page (a VideoPage); follow nextCursor for the next.',
        querystring: videoListQuerySchema,
        response: {
          200: z.union([videoListSchema, videoPageSchema]),
          304: z.null().describe('Not modified: the list matches the If-None-Match ETag'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (asksForVideoPage(request.query)) {
        const { q, cursor, teamId, limit = VIDEO_PAGE_DEFAULT_LIMIT } = request.query;
        const page = await videos.pageFor(user, { q, cursor, limit, teamId });
        const body: VideoPage = {
          videos: page.videos.map(toVideoView),
          nextCursor: page.nextCursor,
        };
        // Typed by the contract and sent as JSON text: checking every page against the union
        // schema again costs more than reading the page from the database.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(body) as never);
      }
      // Fingerprint first, rows second: a list built here is never older than its fingerprint.
      const fingerprint = await videos.listFingerprint(user);
      const etag = `"${fingerprint}"`;
      // Browsers keep the list and ask whether it changed; an unchanged one is not sent again.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      let list = listCache.get(user.id, fingerprint);
      if (list === undefined) {
        const views = (await videos.listFor(user)).map(toVideoView);
        list = listCache.set(user.id, fingerprint, JSON.stringify(videoListSchema.parse(views)));
      }
      // Already JSON (checked against the contract when it was made): sent as it is.
      void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(list.gzip as never);
      }
      return reply.send(list.json as never);
    },
  );

  app.get(
    '/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: "One video with its analysis and the AI Coach chat's suggested prompts",
        params: videoIdParamsSchema,
        response: { 200: videoDetailSchema, ...errors },
      },
    },
    async (request) => {
      const video = await videos.getFor(requireUser(request), request.params.id);
      return { ...toVideoView(video), ...(await detailExtras(video.video)) };
    },
  );

  app.patch(
    '/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary:
          'Change the title or description (edit access), or the movement to coach until the video has been analysed',
        params: videoIdParamsSchema,
        body: updateVideoBodySchema,
        response: { 200: videoSchema, ...errors },
      },
    },
    async (request) =>
      toVideoView(await videos.update(requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete the video with its files, shares, annotations and analysis (edit access)',
        params: videoIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await videos.delete(requireUser(request), request.params.id);
      return { message: 'Video deleted successfully' };
    },
  );

  app.post(
    '/videos',
    {
      schema: {
        tags: ['videos'],
        summary:
          'Upload a video: multipart/form-data with title, description, movement (optional: auto or a catalogue id) and video (the file)',
        consumes: ['multipart/form-data'],
        response: {
          201: videoSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const uploadId = randomUUID();
      const rules = {
        field: 'video',
        maxBytes: app.config.maxUploadBytes,
        accepts: isVideoType,
        refusal: notAVideo,
        tooLarge: `The video is larger than the ${Math.round(app.config.maxUploadBytes / 1024 / 1024)} MB limit`,
        notMultipart: 'Send the upload as multipart/form-data with a "video" file',
      };
      const video = await receiveStagedUpload(
        request,
        app.blobs,
        videoKeys.incoming(uploadId),
        rules,
        async ({ fields, file }) => {
          if (!file) throw badRequest('A video file is required (field "video")');
          if (file === 'empty') {
            throw new HttpError(
              415,
              'This file is empty. Choose a video file (MP4, MOV, WebM, ...).',
            );
          }
          const parsed = uploadFieldsSchema.safeParse(fields);
          if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
          return videos.commitUpload({
            id: uploadId,
            owner,
            title: parsed.data.title,
            description: parsed.data.description || null,
            movement: parsed.data.movement,
            file,
            quotaBytes: app.config.userQuotaBytes,
          });
        },
      );
      return reply.code(201).send(toVideoView(video));
    },
  );
};
