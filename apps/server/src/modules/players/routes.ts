import { playerSchema } from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../../plugins/auth';
import { findPlayerFor } from './player-service';

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
};
