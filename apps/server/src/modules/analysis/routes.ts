import {
  analysisSchema,
  errorResponseSchema,
  regenerateBodySchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { requireVideoAccess } from '../videos/video-access';
import { toAnalysisView } from './analysis-store';
import { generateAnalysis, ScanNotReady } from './generate-analysis';

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/videos/:id/regenerate',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Write the analysis again from the stored measurements, steered by instructions',
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
    async (request) => {
      const user = requireUser(request);
      await requireVideoAccess(app.db, user, request.params.id, 'edit');
      try {
        const row = await generateAnalysis(
          { db: app.db, blobs: app.blobs, languageModel: app.config.languageModel },
          request.params.id,
          request.body.instructions ?? '',
        );
        return toAnalysisView(row)!;
      } catch (error) {
        if (error instanceof ScanNotReady) {
          throw conflict('The video is still being analysed. Try again when the analysis appears.');
        }
        throw error;
      }
    },
  );
};
