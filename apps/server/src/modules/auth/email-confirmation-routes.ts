import {
  confirmEmailBodySchema,
  confirmEmailResponseSchema,
  messageResponseSchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerNetwork } from '../../lib/request-limits';
import type { Config } from '../../config';
import { errorResponses } from '../../lib/error-responses';
import { publicOriginOf } from '../../lib/public-origin';
import { requireUser } from '../access';
import { followConfirmationLink, sendConfirmationLink } from './email-confirmation';

/** Confirming an address (beyond the spec): the link in the mail, and "Resend link". */
export const emailConfirmationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  // Guessing tokens is hopeless (256 bits), but a limit keeps anyone from trying at speed.
  const perAddress = limitPerNetwork(
    app,
    'confirm',
    'Too many confirmation attempts from this network.',
  );
  const mailCap = app.limitRequests({
    max: 10,
    timeWindowMs: 60 * 60_000,
    key: (request) => `confirm-mail:${request.user?.id ?? request.ip}`,
    message: 'Too many confirmation emails for this account.',
  });

  app.post(
    '/confirm-email',
    {
      onRequest: perAddress,
      schema: {
        tags: ['auth'],
        summary:
          'Follow a link mailed to an address: confirms the account it was made for (a share link: only for someone signed in to it), or says to sign up or sign in',
        body: confirmEmailBodySchema,
        response: { 200: confirmEmailResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => followConfirmationLink(app.db, request.body.token, request.user ?? null),
  );

  app.post(
    '/confirm-email/resend',
    {
      preHandler: mailCap,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new link that confirms your address',
        security: [{ session: [] }],
        response: { 200: messageResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await sendConfirmationLink(app, user, publicOriginOf(request, config.publicOrigin));
      return {
        message:
          app.mailer.delivery === 'smtp'
            ? `We sent a new link to ${user.username}.`
            : 'This server does not send email, so the link is in its mail outbox: ask its administrator for it (Admin > Mail).',
      };
    },
  );
};
