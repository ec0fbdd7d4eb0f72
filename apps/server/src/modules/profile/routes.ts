import {
  chooseJerseyColorsBodySchema,
  errorResponseSchema,
  jerseyColorOptionSchema,
  updateProfileBodySchema,
  userSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../access';
import { listJerseyColors, loadUserView } from '../users';
import type { ProfileService } from './profile-service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401);

/** Settings: the signed-in user's own profile, the colours they play in. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.put(
    '/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Change your name, player number (0-99) and height (50-250 cm); an omitted or null number or height clears it',
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const user = await profiles.update(requireUser(request), request.body);
      return loadUserView(app.db, user);
    },
  );

  app.get(
    '/jersey-colors',
    {
      schema: {
        tags: ['profile'],
        summary: 'The jersey colours an athlete may choose from, each with a display swatch',
        response: { 200: z.array(jerseyColorOptionSchema), 401: errorResponseSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return listJerseyColors(app.db);
    },
  );

  app.put(
    '/user/jersey-colors',
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose the jersey colours you play in (replaces the earlier choice)',
        body: chooseJerseyColorsBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await profiles.chooseJerseyColors(user, request.body.colorIds);
      return loadUserView(app.db, user);
    },
  );
};
