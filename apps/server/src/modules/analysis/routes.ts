import {
  analysisSchema,
  errorResponseSchema,
  posesSchema,
  regenerateBodySchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { requireVideoAccess } from '../videos/video-access';
import { regenerateAnalysis } from './analysis-service';
import { readScan } from './generate-analysis';
import { toPoses } from './poses';
import { scanKey } from './scan-keys';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const user = requireUser(request);
      await requireVideoAccess(app.db, user, request.params.id, 'view');
      if (!(await app.blobs.stat(scanKey(request.params.id)))) {
        throw conflict('The video is still being analysed. Try again when the analysis appears.');
      }
      return toPoses(await readScan(app.blobs, request.params.id));
    },
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
      regenerateAnalysis(
        { db: app.db, blobs: app.blobs, languageModel: app.config.languageModel },
        requireUser(request),
        request.params.id,
        request.body,
      ),
  );
};
