import {
  playerCandidateSchema,
  playerDetectionsResponseSchema,
  playerIdentificationBodySchema,
  playerSchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../access';
import { findPlayerFor, identifyPlayerByHand, listPlayerCandidates } from './player-service';

const errors = errorResponses(400, 401, 403, 404);

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/videos/:id/player-candidates',
    {
      schema: {
        tags: ['players'],
        summary: "Who a person in the video may be named as: the owner and the owner's athletes",
        params: videoIdParamsSchema,
        response: { 200: z.array(playerCandidateSchema), ...errors },
      },
    },
    async (request) => listPlayerCandidates(requireUser(request), app.db, request.params.id),
  );

  app.put(
    '/videos/:id/player-identification',
    {
      schema: {
        tags: ['players'],
        summary: 'Name a detected person by hand; the next Detect Players keeps it',
        params: videoIdParamsSchema,
        body: playerIdentificationBodySchema,
        response: { 200: playerDetectionsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      playerDetections: await identifyPlayerByHand(
        requireUser(request),
        app.db,
        request.params.id,
        request.body,
      ),
    }),
  );
};
