import { errorResponseSchema, mailOutboxSchema } from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutboxOf } from '../../mail/outbox-mailer';
import { requireUser } from '../../plugins/auth';

/**
 * Settings > Mail outbox (beyond the spec): what would have been sent while no SMTP relay is
 * set. A user sees only mail their own actions caused (invitations, roster notices, shares);
 * password-reset mail is never stored, so nobody can read a way into another account here.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Mail your actions caused that was kept instead of sent (no SMTP_URL)',
        response: { 200: mailOutboxSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      delivery: app.mailer.delivery,
      messages: await listOutboxOf(app.db, requireUser(request).id),
    }),
  );
};
