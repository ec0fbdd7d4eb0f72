import {
  annotationParamsSchema,
  annotationReplySchema,
  annotationSchema,
  annotationUploadFieldsSchema,
  annotationVideoParamsSchema,
  createAnnotationBodySchema,
  DEFAULT_DISPLAY_SECONDS,
  errorResponseSchema,
  messageResponseSchema,
  reactionBodySchema,
  reactionParamsSchema,
  reactionSummarySchema,
  replyBodySchema,
  updateAnnotationBodySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { receiveStagedUpload } from '../../lib/staged-upload';
import { requireAccess, requireUser } from '../access';
import { videoKeys, WorkFolders } from '../../storage';
import type { AnnotationService, NewAnnotation } from './annotation-service';
import { finishVoiceNote } from './voice-note-file';
import { voiceNoteExtension, voiceNoteRules } from './voice-note-upload';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Annotations pinned on a video, their replies and reactions. The rules of who may do what
 * live in AnnotationService.
 */
export const annotationRoutes: FastifyPluginAsyncZod<{ service: AnnotationService }> = async (
  app,
  { service },
) => {
  app.get(
    '/videos/:videoId/annotations',
    {
      schema: {
        tags: ['annotations'],
        summary: "The video's annotations by time, each with its replies (view access)",
        params: annotationVideoParamsSchema,
        response: { 200: z.array(annotationSchema), ...errors },
      },
    },
    async (request) => service.list(requireUser(request), request.params.videoId),
  );

  app.post(
    '/videos/:videoId/annotations',
    {
      schema: {
        tags: ['annotations'],
        summary: 'Pin an annotation on the video (edit access)',
        description:
          'JSON `{content, timestamp, xPosition, yPosition, endTime, drawing, displaySeconds, ' +
          'pauseHere}` (CreateAnnotationBody), or for a voice note multipart/form-data with ' +
          '`audio` (a WebM or Ogg recording), `timestamp`, `xPosition`, `yPosition`, and ' +
          'optionally `audioDuration`, `content`, `sentiment` (a JSON string; checked, then ' +
          'recomputed from the final text), `endTime`, `drawing` (a JSON string), ' +
          '`displaySeconds` and `pauseHere` (`true` or `false`). Positions are percent of the ' +
          'picture (0-100); the timestamp and endTime lie within the video, endTime after the ' +
          'timestamp; text, audio or a drawing is required.',
        consumes: ['application/json', 'multipart/form-data'],
        params: annotationVideoParamsSchema,
        response: {
          201: annotationSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Before a byte of the upload is read: a viewer's voice note is refused, not received.
      const { video } = await requireAccess(
        app.db,
        user,
        'annotation.create',
        request.params.videoId,
      );

      if (!request.isMultipart()) {
        const body = parseInput(createAnnotationBodySchema, request.body);
        const annotation = await service.create(user, video, body);
        return reply.code(201).send(annotation);
      }

      const annotation = await receiveStagedUpload(
        request,
        app.blobs,
        videoKeys.incoming(randomUUID()),
        voiceNoteRules(app.config.maxAudioBytes),
        async ({ fields, file }) => {
          const parsed = parseInput(annotationUploadFieldsSchema, fields);
          // An empty recording (stopped before its first chunk) is no recording.
          const recording = file && file !== 'empty' ? file : undefined;
          const extension = recording && voiceNoteExtension(recording.contentType);
          // The file's own length once it is written in full; the browser's count otherwise.
          const measured =
            recording && extension
              ? await finishVoiceNote(
                  app.blobs,
                  recording.stagingKey,
                  extension,
                  WorkFolders.in(app.config.dataDir),
                )
              : null;
          const input: NewAnnotation = {
            content: parsed.content,
            timestamp: parsed.timestamp,
            xPosition: parsed.xPosition,
            yPosition: parsed.yPosition,
            endTime: parsed.endTime ?? null,
            drawing: parsed.drawing ?? null,
            displaySeconds: parsed.displaySeconds ?? DEFAULT_DISPLAY_SECONDS,
            pauseHere: parsed.pauseHere ?? false,
            ...(recording && extension
              ? {
                  audio: {
                    stagingKey: recording.stagingKey,
                    extension,
                    duration: measured ?? parsed.audioDuration ?? null,
                  },
                }
              : {}),
          };
          return service.create(user, video, input);
        },
      );
      return reply.code(201).send(annotation);
    },
  );

  app.delete(
    '/videos/:videoId/annotations/:annotationId',
    {
      schema: {
        tags: ['annotations'],
        summary:
          'Delete an annotation with its replies, reactions and voice note, or one reply (its author, or edit access)',
        params: annotationParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { videoId, annotationId } = request.params;
      await service.delete(requireUser(request), videoId, annotationId);
      return { message: 'Annotation deleted successfully' };
    },
  );

  app.patch(
    '/videos/:videoId/annotations/:annotationId',
    {
      schema: {
        tags: ['annotations'],
        summary:
          'Mark an annotation resolved, or open again (its author, or edit access); replies are not resolved',
        params: annotationParamsSchema,
        body: updateAnnotationBodySchema,
        response: { 200: annotationSchema, ...errors },
      },
    },
    async (request) => {
      const { videoId, annotationId } = request.params;
      return service.setResolved(
        requireUser(request),
        videoId,
        annotationId,
        request.body.resolved,
      );
    },
  );

  app.post(
    '/videos/:videoId/annotations/:annotationId/replies',
    {
      schema: {
        tags: ['annotations'],
        summary: 'Reply to an annotation with text, a drawing on its frame, or both (view access)',
        params: annotationParamsSchema,
        body: replyBodySchema,
        response: { 201: annotationReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { videoId, annotationId } = request.params;
      const created = await service.reply(
        requireUser(request),
        videoId,
        annotationId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/annotations/:annotationId/reactions',
    {
      schema: {
        tags: ['annotations'],
        summary: "Each reaction's count, and whether you gave it (view access)",
        params: reactionParamsSchema,
        response: { 200: reactionSummarySchema, ...errors },
      },
    },
    async (request) => service.reactions(requireUser(request), request.params.annotationId),
  );

  app.post(
    '/annotations/:annotationId/reactions',
    {
      schema: {
        tags: ['annotations'],
        summary: 'Give a reaction, or take it back if you gave it (view access)',
        params: reactionParamsSchema,
        body: reactionBodySchema,
        response: { 200: reactionSummarySchema, ...errors },
      },
    },
    async (request) =>
      service.toggleReaction(
        requireUser(request),
        request.params.annotationId,
        request.body.reaction,
      ),
  );
};

/**
 * Checks input the route could not declare as its body schema (it takes JSON or multipart),
 * with one message per field as the error handler gives for declared schemas.
 */
function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('The request body must be a JSON object');
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const firstPerField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  throw badRequest([...firstPerField.values()].join('; '));
}
