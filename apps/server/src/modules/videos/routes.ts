import {
  errorResponseSchema,
  messageResponseSchema,
  updateVideoBodySchema,
  uploadFieldsSchema,
  videoDetailSchema,
  videoIdParamsSchema,
  videoSchema,
} from '@filmroom/contract';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { fileTypeStream } from 'file-type/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { findAnalysis, toAnalysisState, toAnalysisView } from '../analysis/analysis-store';
import type { BlobStore } from '../../storage';
import { videoKeys } from './video-keys';
import { VideoService } from './video-service';
import { toVideoView } from './video-view';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = new VideoService(app.db, app.pool, app.blobs, app.jobs, app.log);

  app.get(
    '/videos',
    {
      schema: {
        tags: ['videos'],
        summary: "The user's videos and those shared with them, newest first",
        response: { 200: z.array(videoSchema), 401: errorResponseSchema },
      },
    },
    async (request) => (await videos.listFor(requireUser(request))).map(toVideoView),
  );

  app.get(
    '/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'One video with its analysis',
        params: videoIdParamsSchema,
        response: { 200: videoDetailSchema, ...errors },
      },
    },
    async (request) => {
      const video = await videos.getFor(requireUser(request), request.params.id);
      const analysis = await findAnalysis(app.db, request.params.id);
      return {
        ...toVideoView(video),
        analysis: toAnalysisView(analysis),
        analysisState: analysis ? toAnalysisState(analysis) : null,
      };
    },
  );

  app.patch(
    '/videos/:id',
    {
      schema: {
        tags: ['videos'],
        summary: 'Change the title or description (edit access)',
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
        summary: 'Upload a video: multipart/form-data with title, description and video (the file)',
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
      if (!request.isMultipart()) {
        throw badRequest('Send the upload as multipart/form-data with a "video" file');
      }
      const uploadId = randomUUID();
      const incomingKey = videoKeys.incoming(uploadId);
      const fields: Record<string, string> = {};
      let file: { contentType: string; bytes: number } | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: app.config.maxUploadBytes },
        })) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'video' || file) {
            part.file.resume(); // not ours: drain it so the rest of the form can be read
            continue;
          }
          file = await receiveVideoFile(part, incomingKey, app.blobs);
          if (part.file.truncated) throw tooLarge(app.config.maxUploadBytes);
        }
        if (!file) throw badRequest('A video file is required (field "video")');
        const parsed = uploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);

        const video = await videos.commitUpload({
          id: uploadId,
          owner,
          title: parsed.data.title,
          description: parsed.data.description || null,
          incomingKey,
          ...file,
        });
        return reply.code(201).send(toVideoView(video));
      } catch (error) {
        await app.blobs.delete(incomingKey).catch(() => undefined);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(app.config.maxUploadBytes);
        }
        throw error;
      }
    },
  );
};

function tooLarge(maxBytes: number) {
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  return new HttpError(413, `The video is larger than the ${megabytes} MB limit`);
}

/**
 * Streams the file part into the BlobStore, judging its type by its first bytes, never by its
 * name or the browser's claim: a renamed photo or document is refused before it is stored.
 */
async function receiveVideoFile(
  part: MultipartFile,
  key: string,
  blobs: BlobStore,
): Promise<{ contentType: string; bytes: number }> {
  const sniffed = await fileTypeStream(part.file, { sampleSize: 4100 });
  const mime = sniffed.fileType?.mime;
  if (!mime || !isVideoType(mime)) {
    sniffed.destroy();
    part.file.resume();
    throw new HttpError(
      415,
      mime
        ? `This file is ${mime}, not a video. Choose a video file (MP4, MOV, WebM, ...).`
        : 'This file is not a video we recognise. Choose a video file (MP4, MOV, WebM, ...).',
    );
  }
  const { bytes } = await blobs.write(key, sniffed, { contentType: mime });
  return { contentType: mime, bytes };
}

// file-type calls some audio-capable containers by their audio name (an .m4a is an MP4).
function isVideoType(mime: string): boolean {
  return mime.startsWith('video/') || mime === 'application/mp4';
}
