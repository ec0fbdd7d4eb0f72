import {
  adminJobListSchema,
  adminJobParamsSchema,
  adminMailSchema,
  adminStorageSchema,
  adminUserListSchema,
  adminUserParamsSchema,
  adminUsersQuerySchema,
  auditLogSchema,
  deleteAdminUserBodySchema,
  messageResponseSchema,
  settingsCheckSchema,
  settingsPartParamsSchema,
  settingsTestResultSchema,
} from '@filmroom/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { publicOriginOf } from '../../lib/public-origin';
import { listAllOutbox } from '../../mail/outbox-mailer';
import { requireAdministrator } from '../access';
import type { AdminActions } from './admin-actions';
import { listAudit } from './audit-log';
import { listJobs } from './job-admin';
import { settingsOverview } from './settings-check';
import { storageReport } from './storage-usage';
import { listUsers } from './user-admin';

const MAIL_LISTED = 200;
const security = [{ session: [] }];
const tags = ['admin'];

/**
 * The Admin area's API (issue 18, beyond the spec), under /api/admin. To anyone but an
 * administrator, signed in or not, every route answers 404 as if it did not exist.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ actions: AdminActions }> = async (
  app,
  { actions },
) => {
  const { adminEmails } = app.config;
  const admins = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof requireAdministrator>>>();
  // Before the body and parameters are checked: a stranger learns nothing from a 400.
  app.addHook('preValidation', async (request) => {
    admins.set(request, await requireAdministrator(app.db, request, adminEmails));
  });
  const adminOf = (request: FastifyRequest) => admins.get(request)!;

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'Accounts with their role, last visit and storage; `q` searches name and address',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ users: await listUsers(app, request.query.q || undefined) }),
  );

  app.post(
    '/admin/users/:userId/disable',
    {
      schema: {
        tags,
        security,
        summary: 'Disable an account: its sessions end at once and it cannot sign in',
        params: adminUserParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await actions.disableUser(adminOf(request), request.params.userId);
      return { message: `${user.username} is disabled and signed out everywhere` };
    },
  );

  app.post(
    '/admin/users/:userId/enable',
    {
      schema: {
        tags,
        security,
        summary: 'Enable a disabled account: it may sign in again',
        params: adminUserParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await actions.enableUser(adminOf(request), request.params.userId);
      return { message: `${user.username} may sign in again` };
    },
  );

  app.post(
    '/admin/users/:userId/promote',
    {
      schema: {
        tags,
        security,
        summary: 'Make an account an administrator',
        params: adminUserParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const user = await actions.promoteUser(adminOf(request), request.params.userId);
      return { message: `${user.username} is an administrator` };
    },
  );

  app.post(
    '/admin/users/:userId/demote',
    {
      schema: {
        tags,
        security,
        summary:
          'Take administration from an account (your own too), unless ADMIN_EMAILS names it or it is the last',
        params: adminUserParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const user = await actions.demoteUser(adminOf(request), request.params.userId);
      return { message: `${user.username} is no longer an administrator` };
    },
  );

  app.post(
    '/admin/users/:userId/password-link',
    {
      schema: {
        tags,
        security,
        summary:
          'Mail the account a link to set a new password (kept on the mail page without a relay)',
        params: adminUserParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const user = await actions.sendPasswordLink(
        adminOf(request),
        request.params.userId,
        publicOriginOf(request, app.config.publicOrigin),
      );
      return {
        message:
          app.mailer.delivery === 'smtp'
            ? `A password link is on its way to ${user.username}`
            : `This server has no mail relay: the link to ${user.username} is on the Mail page`,
      };
    },
  );

  app.delete(
    '/admin/users/:userId',
    {
      schema: {
        tags,
        security,
        summary:
          'Delete an account with all its videos, files and notes; `confirmEmail` must be its address',
        params: adminUserParamsSchema,
        body: deleteAdminUserBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await actions.deleteUser(
        adminOf(request),
        request.params.userId,
        request.body.confirmEmail,
      );
      return { message: `${user.username} and all their data are deleted` };
    },
  );

  app.get(
    '/admin/storage',
    {
      schema: {
        tags,
        security,
        summary: 'The file store: its kind, total size and each account’s share',
        response: { 200: adminStorageSchema, ...errorResponses(404) },
      },
    },
    async () => storageReport(app),
  );

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'Jobs running now (and for how long), queued, and failed',
        response: { 200: adminJobListSchema, ...errorResponses(404) },
      },
    },
    async () => listJobs(app.pool, app.jobs.queueNames()),
  );

  app.post(
    '/admin/jobs/:jobId/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Run a failed job again, with one more attempt',
        params: adminJobParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await actions.retryJob(adminOf(request), request.params.jobId);
      return { message: 'The job is queued again' };
    },
  );

  app.post(
    '/admin/jobs/:jobId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a queued or running job',
        params: adminJobParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await actions.cancelJob(adminOf(request), request.params.jobId);
      return { message: 'The job is cancelled' };
    },
  );

  app.get(
    '/admin/mail',
    {
      schema: {
        tags,
        security,
        summary: 'Every message kept instead of sent (no SMTP_URL), password links included',
        response: { 200: adminMailSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({
      delivery: app.mailer.delivery,
      messages: await listAllOutbox(
        app.db,
        publicOriginOf(request, app.config.publicOrigin),
        MAIL_LISTED,
      ),
    }),
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Which parts are configured, the version and the uptime',
        response: { 200: settingsCheckSchema, ...errorResponses(404) },
      },
    },
    async () => settingsOverview(app),
  );

  app.post(
    '/admin/settings/:part/test',
    {
      schema: {
        tags,
        security,
        summary:
          'Test one part for real: a query, a file written and read back, an SMTP handshake, a model call',
        params: settingsPartParamsSchema,
        response: { 200: settingsTestResultSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => actions.testSettings(adminOf(request), request.params.part),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security,
        summary: 'What administrators did, newest first',
        response: { 200: auditLogSchema, ...errorResponses(404) },
      },
    },
    async () => ({ entries: await listAudit(app.db) }),
  );
};
