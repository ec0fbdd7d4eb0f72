import {
  measurementBodySchema,
  measurementParamsSchema,
  measurementSchema,
  measurementVideoParamsSchema,
  messageResponseSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../access';
import type { MeasurementService } from './measurement-service';

const errors = errorResponses(400, 401, 403, 404);

/** Measurements on a video (issue 32). The rules of who may do what live in MeasurementService. */
export const measurementRoutes: FastifyPluginAsyncZod<{ service: MeasurementService }> = async (
  app,
  { service },
) => {
  app.get(
    '/videos/:videoId/measurements',
    {
      schema: {
        tags: ['measurements'],
        summary: "The video's measurements, oldest first (view access)",
        params: measurementVideoParamsSchema,
        response: { 200: z.array(measurementSchema), ...errors },
      },
    },
    async (request) => service.list(requireUser(request), request.params.videoId),
  );

  app.post(
    '/videos/:videoId/measurements',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Keep a measurement with the video (edit access)',
        params: measurementVideoParamsSchema,
        body: measurementBodySchema,
        response: { 201: measurementSchema, ...errors },
      },
    },
    async (request, reply) => {
      const measurement = await service.create(
        requireUser(request),
        request.params.videoId,
        request.body,
      );
      return reply.code(201).send(measurement);
    },
  );

  app.put(
    '/videos/:videoId/measurements/:measurementId',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Replace a measurement, e.g. a corrected track (edit access)',
        params: measurementParamsSchema,
        body: measurementBodySchema,
        response: { 200: measurementSchema, ...errors },
      },
    },
    async (request) => {
      const { videoId, measurementId } = request.params;
      return service.update(requireUser(request), videoId, measurementId, request.body);
    },
  );

  app.delete(
    '/videos/:videoId/measurements/:measurementId',
    {
      schema: {
        tags: ['measurements'],
        summary: 'Delete a measurement (edit access)',
        params: measurementParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { videoId, measurementId } = request.params;
      await service.delete(requireUser(request), videoId, measurementId);
      return { message: 'Measurement deleted' };
    },
  );
};
