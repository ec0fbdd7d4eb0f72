import {
  messageResponseSchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationSettingsSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../access';
import type { NotificationService } from './notification-service';

const errors = errorResponses(400, 401, 404);

/** The bell's list, marking it read, the choice of mail, and the unsubscribe link's target. */
export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (
  app,
  { service },
) => {
  // Mail programs that honour List-Unsubscribe-Post send a form body (RFC 8058); the token is
  // in the address. Only this plugin's routes read such bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your newest notifications (at most 50) and how many are unread',
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => service.list(requireUser(request)),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: notificationParamsSchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => service.markRead(requireUser(request), request.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => service.markAllRead(requireUser(request)),
  );

  app.get(
    '/notifications/settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your choice of mail about notifications: each, digest (daily) or off',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.settings(requireUser(request)),
  );

  app.put(
    '/notifications/settings',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Choose mail about notifications: each, digest (daily) or off',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.saveSettings(requireUser(request), request.body),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn notification mail off with the signed token of a mailed link (no sign-in)',
        description:
          'The token comes in the JSON body `{token}` (the unsubscribe page) or in the query ' +
          '(the List-Unsubscribe header, posted with a form body by mail programs). A GET does ' +
          'nothing, so a mail scanner that follows links unsubscribes nobody.',
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema.partial().optional(),
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const fromBody = request.body?.token;
      await service.unsubscribe(fromBody ?? request.query.token);
      return { message: 'You will get no more emails about notifications' };
    },
  );
};
