import {
  analysisRangeParamsSchema,
  analysisRangeSchema,
  analysisRangesSchema,
  analysisSchema,
  errorResponseSchema,
  newAnalysisRangesSchema,
  playerDetectionsResponseSchema,
  posesSchema,
  regenerateBodySchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../access';
import { z } from 'zod';
import { detectPlayersAgain, findPoses, regenerateAnalysis } from './analysis-service';
import {
  cancelAnalysisRange,
  listAnalysisRanges,
  restartAnalysisRange,
  startAnalysisRanges,
} from './range-service';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, blobs: app.blobs, languageModel: app.config.languageModel };
  const rangeDeps = {
    db: app.db,
    pool: app.pool,
    jobs: app.jobs,
    autoAnalysisMaxSeconds: app.config.autoAnalysisMaxSeconds,
  };

  app.get(
    '/videos/:id/poses',
    {
      schema: {
        tags: ['analysis'],
        summary: 'The measured body positions over time, for drawing skeletons during playback',
        params: videoIdParamsSchema,
        response: {
          200: posesSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => findPoses(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/videos/:id/regenerate',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Write the analysis again from the stored measurements, steered by instructions; a movement or slow-motion factor sent is kept on the video first',
        params: videoIdParamsSchema,
        body: regenerateBodySchema,
        response: {
          200: analysisSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      regenerateAnalysis(deps, requireUser(request), request.params.id, request.body),
  );

  // Detect Players writes the video's analysis again, so it is the analysis's to do; the players
  // module only knows who is who.
  app.post(
    '/videos/:id/detect-players',
    {
      schema: {
        tags: ['players'],
        summary: "Match the people in the video to the owner and the owner's athletes again",
        params: videoIdParamsSchema,
        response: {
          200: playerDetectionsResponseSchema,
          ...errorResponses(400, 401, 403, 404),
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      playerDetections: await detectPlayersAgain(deps, requireUser(request), request.params.id),
    }),
  );

  app.get(
    '/videos/:id/analysis-ranges',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'The ranges of the video chosen for analysis, each with its status, progress and results',
        params: videoIdParamsSchema,
        response: { 200: analysisRangesSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listAnalysisRanges(rangeDeps, requireUser(request), request.params.id),
  );

  app.post(
    '/videos/:id/analysis-ranges',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Analyse chosen ranges of the video (a long one is not analysed whole): one job each',
        params: videoIdParamsSchema,
        body: newAnalysisRangesSchema,
        response: {
          201: z.object({ ranges: z.array(analysisRangeSchema) }),
          ...errorResponses(400, 401, 403, 404),
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ranges = await startAnalysisRanges(
        rangeDeps,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ ranges });
    },
  );

  app.post(
    '/videos/:id/analysis-ranges/:rangeId/cancel',
    {
      schema: {
        tags: ['analysis'],
        summary: "Stop a range's analysis",
        params: analysisRangeParamsSchema,
        response: {
          200: analysisRangeSchema,
          ...errorResponses(400, 401, 403, 404),
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      cancelAnalysisRange(
        rangeDeps,
        requireUser(request),
        request.params.id,
        request.params.rangeId,
      ),
  );

  app.post(
    '/videos/:id/analysis-ranges/:rangeId/restart',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analyse a failed or cancelled range again',
        params: analysisRangeParamsSchema,
        response: {
          200: analysisRangeSchema,
          ...errorResponses(400, 401, 403, 404),
          409: errorResponseSchema,
        },
      },
    },
    async (request) =>
      restartAnalysisRange(
        rangeDeps,
        requireUser(request),
        request.params.id,
        request.params.rangeId,
      ),
  );
};
