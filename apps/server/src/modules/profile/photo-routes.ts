import {
  errorResponseSchema,
  messageResponseSchema,
  photoIdParamsSchema,
  photoSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/http-errors';
import { requireUser } from '../access';
import {
  addProfilePhoto,
  countProfilePhotos,
  deleteProfilePhoto,
  listProfilePhotos,
  toPhotoView,
} from '../users';
import { receivePhoto, toProfileJpeg } from './photo-upload';
import { errorResponses } from '../../lib/error-responses';

// Enough angles to recognise someone; each photo's face is compared at every detection.
export const MAX_PROFILE_PHOTOS = 20;

const errors = errorResponses(400, 401);

/** Settings > Profile Photos: the pictures that help recognise the athlete in videos. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/photos',
    {
      schema: {
        tags: ['profile'],
        summary: 'Your profile photos, oldest first (the first is your avatar)',
        response: { 200: z.array(photoSchema), 401: errorResponseSchema },
      },
    },
    async (request) => (await listProfilePhotos(app.db, requireUser(request).id)).map(toPhotoView),
  );

  app.post(
    '/user/photos',
    {
      schema: {
        tags: ['profile'],
        summary: 'Add a profile photo: multipart/form-data with the image as "photo"',
        consumes: ['multipart/form-data'],
        response: {
          201: photoSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if ((await countProfilePhotos(app.db, user.id)) >= MAX_PROFILE_PHOTOS) {
        throw conflict(
          `You can keep at most ${MAX_PROFILE_PHOTOS} profile photos. Delete one to add another.`,
        );
      }
      const jpeg = await toProfileJpeg(await receivePhoto(request, app.config.maxPhotoBytes));
      const row = await addProfilePhoto(app, user.id, jpeg);
      return reply.code(201).send(toPhotoView(row));
    },
  );

  app.delete(
    '/user/photos/:id',
    {
      schema: {
        tags: ['profile'],
        summary: 'Delete one of your profile photos',
        params: photoIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const deleted = await deleteProfilePhoto(
        { db: app.db, blobs: app.blobs, log: request.log },
        user.id,
        request.params.id,
      );
      if (!deleted) throw notFound('Photo not found');
      return { message: 'Photo deleted successfully' };
    },
  );
};
