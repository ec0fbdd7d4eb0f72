import {
  errorResponseSchema,
  messageResponseSchema,
  shareParamsSchema,
  shareSchema,
  shareVideoBodySchema,
  videoIdParamsSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOriginOf } from '../../lib/public-origin';
import { MAIL_SENDS_PER_HOUR } from '../../mail/mailer';
import { requireUser } from '../access';
import type { ShareService } from './share-service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

export const shareRoutes: FastifyPluginAsyncZod<{ shares: ShareService }> = async (
  app,
  { shares },
) => {
  // Each share mails an address the user typed: a cap keeps an account from relaying spam.
  const mailCap = app.limitRequests({
    max: MAIL_SENDS_PER_HOUR,
    timeWindowMs: 60 * 60_000,
    key: (request) => `share-mail:${request.user?.id ?? request.ip}`,
    message: 'Too many shares from this account.',
  });

  app.get(
    '/videos/:id/shares',
    {
      schema: {
        tags: ['shares'],
        summary: 'Who the video is shared with (edit access)',
        params: videoIdParamsSchema,
        response: { 200: z.array(shareSchema), ...errors },
      },
    },
    async (request) => shares.list(requireUser(request), request.params.id),
  );

  app.post(
    '/videos/:id/share',
    {
      preHandler: mailCap,
      schema: {
        tags: ['shares'],
        summary:
          'Share the video with an e-mail address at view (default) or edit access; again changes the level',
        params: videoIdParamsSchema,
        body: shareVideoBodySchema,
        response: { 200: shareSchema, 201: shareSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const origin = publicOriginOf(request, app.config.publicOrigin);
      const { share, created } = await shares.share(
        requireUser(request),
        request.params.id,
        request.body,
        origin,
      );
      return reply.code(created ? 201 : 200).send(share);
    },
  );

  app.delete(
    '/videos/:id/shares/:shareId',
    {
      schema: {
        tags: ['shares'],
        summary: 'Stop sharing the video with one address (edit access)',
        params: shareParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await shares.remove(requireUser(request), request.params.id, request.params.shareId);
      return { message: 'Share removed successfully' };
    },
  );
};
