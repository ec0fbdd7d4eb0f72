import {
  errorResponseSchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  userSchema,
} from '@filmroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerNetwork } from '../../lib/request-limits';
import type { Config } from '../../config';
import { requireUser } from '../access';
import { clearSessionCookie, endSession, sessionTokenOf, setSessionCookie } from './session-cookie';
import { loadUserView } from '../users';
import { publicOriginOf } from '../../lib/public-origin';
import type { AuthService } from './auth-service';
import {
  deviceCookieOf,
  setDeviceCookie,
  trustedDeviceFor,
  type TrustedDevice,
} from './device-cookie';
import { sendConfirmationLink } from './email-confirmation';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes: FastifyPluginAsyncZod<{ config: Config; auth: AuthService }> = async (
  app,
  { config, auth },
) => {
  // Password guessing is slowed two ways: per address (one attacker, many accounts) and per
  // e-mail (many addresses, one account). The per-e-mail check runs after the body is parsed.
  const perAddress = limitPerNetwork(app, 'auth', 'Too many sign-in attempts from this network.');
  const perAccount = app.limitRequests({
    max: config.rateLimits.authPerUsername,
    timeWindowMs: 15 * 60_000,
    key: (request: FastifyRequest) =>
      `auth-user:${(request.body as { username: string }).username}`,
    message: 'Too many sign-in attempts for this account.',
  });
  // Accounts are cheap to make and each can share, invite and reply: a network may open only so
  // many an hour (a squad signing up at training fits; a script making thirty a minute does not).
  const newAccountsPerNetwork = app.limitRequests({
    max: config.rateLimits.registrationsPerHour,
    timeWindowMs: 60 * 60_000,
    key: (request) => `register-ip:${request.ip}`,
    message: 'Too many new accounts from this network.',
  });

  // A sign-in from a browser the account has signed in from before (a device cookie) is
  // counted apart, per browser: no number of failures elsewhere locks the owner out of it.
  const trustedDevices = new WeakMap<FastifyRequest, TrustedDevice>();
  const perDevice = app.limitRequests({
    max: config.rateLimits.authPerUsername,
    timeWindowMs: 15 * 60_000,
    key: (request) => `auth-device:${trustedDevices.get(request)!.nonce}`,
    message: 'Too many sign-in attempts from this browser.',
  });
  const signInLimited = {
    // Whether a device cookie is good for the account tried is known once the body is read.
    onRequest: async (request: FastifyRequest) => {
      if (!deviceCookieOf(request)) await perAddress(request);
    },
    preHandler: async (request: FastifyRequest) => {
      const { username } = request.body as { username: string };
      const device = await trustedDeviceFor(app.db, request, username);
      if (device) {
        trustedDevices.set(request, device);
        return perDevice(request);
      }
      if (deviceCookieOf(request)) await perAddress(request);
      await perAccount(request);
    },
  };

  app.post(
    '/register',
    {
      onRequest: [perAddress, newAccountsPerNetwork],
      preHandler: perAccount,
      schema: {
        tags: ['auth'],
        summary:
          'Create an account and sign in; a link to confirm the address is mailed unless `emailToken` already proves it',
        body: registerBodySchema,
        response: { 201: userSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      if (!user.emailConfirmedAt) {
        await sendConfirmationLink(app, user, publicOriginOf(request, config.publicOrigin));
      }
      const session = await app.sessions.create(user.id);
      setSessionCookie(request, reply, session.token);
      // Registering signs in: this browser is the account's first known device, so guesses at
      // the address from elsewhere never lock its owner out of it.
      setDeviceCookie(request, reply, user);
      return reply.code(201).send(await loadUserView(app.db, user));
    },
  );

  app.post(
    '/login',
    {
      ...signInLimited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.authenticate(request.body);
      // A fresh id at every sign-in: a session id planted before sign-in is worthless after it.
      const previous = sessionTokenOf(request);
      if (previous) await endSession(app, previous);
      const session = await app.sessions.create(user.id);
      setSessionCookie(request, reply, session.token);
      setDeviceCookie(request, reply, user);
      return loadUserView(app.db, user);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await endSession(app, token);
      clearSessionCookie(reply);
      return { message: 'Logged out successfully' };
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => loadUserView(app.db, requireUser(request)),
  );
};
