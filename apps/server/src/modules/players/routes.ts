import {
  errorResponseSchema,
  playerDetectionsResponseSchema,
  playerSchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { findAnalysis, saveAnalysis } from '../analysis/analysis-store';
import { generateAnalysis, readScan } from '../analysis/generate-analysis';
import { scanKey } from '../analysis/scan-keys';
import { requireVideoAccess } from '../videos/video-access';
import { detectPlayers, findPlayerFor } from './player-service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/videos/:id/detect-players',
    {
      schema: {
        tags: ['players'],
        summary: "Match the people in the video to the owner and the owner's athletes again",
        params: videoIdParamsSchema,
        response: { 200: playerDetectionsResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const videoId = request.params.id;
      await requireVideoAccess(app.db, user, videoId, 'edit');
      if (!(await app.blobs.stat(scanKey(videoId)))) {
        throw conflict('The video is still being analysed. Try again when the analysis appears.');
      }
      // With a written analysis, write it again: the athletes' names in the readings and the
      // text come from the same identification as the detections.
      const written = await findAnalysis(app.db, videoId);
      if (written?.textAnalysis != null) {
        const row = await generateAnalysis(
          { db: app.db, blobs: app.blobs, languageModel: app.config.languageModel },
          videoId,
          written.instructions ?? '',
        );
        return { playerDetections: row?.playerDetections ?? [] };
      }
      const scan = await readScan(app.blobs, videoId);
      const detections = await detectPlayers(app.db, videoId, scan);
      await saveAnalysis(app.db, videoId, { playerDetections: detections });
      return { playerDetections: detections };
    },
  );

  app.get(
    '/players/:playerMatchId',
    {
      schema: {
        tags: ['players'],
        summary: 'The name and photo of a player identified in a video',
        params: z.object({ playerMatchId: z.string().uuid({ error: 'Player id must be a UUID' }) }),
        response: { 200: playerSchema, ...errors },
      },
    },
    async (request) => findPlayerFor(requireUser(request), app.db, request.params.playerMatchId),
  );
};
