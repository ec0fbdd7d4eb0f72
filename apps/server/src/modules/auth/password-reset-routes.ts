import {
  FORGOT_PASSWORD_KEPT_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resetPasswordBodySchema,
  userSchema,
} from '@filmroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerNetwork } from '../../lib/request-limits';
import type { Config } from '../../config';
import { publicOriginOf } from '../../lib/public-origin';
import { endSession, sessionTokenOf, setSessionCookie } from './session-cookie';
import { loadUserView } from '../users';
import { setDeviceCookie } from './device-cookie';
import { sendPasswordResetLink, setPasswordFromLink } from './password-reset';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 429);

/**
 * "Forgot your password?" and the set-password screen, which invitations use as well.
 *
 * After a password is set every session of the account ends, and the browser that set it is
 * signed in: the link proved the person reads the account's mail, which is all a sign-in
 * would ask of them next, and an invited athlete lands in the app in one step.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  // Limited like sign-in: per address, and per e-mail so nobody's inbox can be flooded.
  const perAddress = limitPerNetwork(
    app,
    'password',
    'Too many password requests from this network.',
  );
  const perEmail = app.limitRequests({
    max: config.rateLimits.authPerUsername,
    timeWindowMs: 15 * 60_000,
    key: (request: FastifyRequest) => `password-user:${(request.body as { email: string }).email}`,
    message: 'Too many password requests for this account.',
  });

  // Reset links are made and mailed after the answer has gone, tracked so shutdown waits.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

  app.post(
    '/forgot-password',
    {
      onRequest: perAddress,
      preHandler: perEmail,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link to set a new password; the answer is the same for any e-mail',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      // The same words, and no work for the account before answering: neither the reply nor
      // its timing tells whether an account uses this e-mail.
      const origin = publicOriginOf(request, config.publicOrigin);
      const work: Promise<void> = sendPasswordResetLink(app, request.body.email, origin)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      // The words depend on the server, never on the account: a kept link is not "sent".
      const { delivery } = app.mailer;
      const message = delivery === 'smtp' ? FORGOT_PASSWORD_MESSAGE : FORGOT_PASSWORD_KEPT_MESSAGE;
      return { message, delivery };
    },
  );

  app.post(
    '/reset-password',
    {
      onRequest: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Set a password from a reset or invitation link; signs in, ends other sessions',
        body: resetPasswordBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await setPasswordFromLink(app, request.body.token, request.body.password);
      // Another account's session in this browser (a coach testing the link) is replaced.
      const previous = sessionTokenOf(request);
      if (previous) await endSession(app, previous);
      const session = await app.sessions.create(user.id);
      setSessionCookie(request, reply, session.token);
      // Whoever proved the mailbox and chose the password is the owner: this browser is theirs.
      setDeviceCookie(request, reply, user);
      return loadUserView(app.db, user);
    },
  );
};
