import { errorResponseSchema, mailOutboxSchema } from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutboxOf } from '../../mail/outbox-mailer';
import { publicOriginOf } from '../../lib/public-origin';
import { requireUser } from '../access';

/**
 * Settings > Mail outbox (beyond the spec): what would have been sent while no SMTP relay is
 * set. A user sees only mail addressed to them, once their address is confirmed (see
 * listOutboxOf); password-reset mail is never stored.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary:
          'Mail addressed to you that was kept instead of sent (no SMTP_URL); empty until your address is confirmed',
        response: { 200: mailOutboxSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      delivery: app.mailer.delivery,
      messages: await listOutboxOf(
        app.db,
        requireUser(request),
        publicOriginOf(request, app.config.publicOrigin),
      ),
    }),
  );
};
