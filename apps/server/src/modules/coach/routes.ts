import {
  addStudentBodySchema,
  coachStudentLinkSchema,
  errorResponseSchema,
  messageResponseSchema,
  studentIdParamsSchema,
  studentSchema,
  updateStudentBodySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOriginOf } from '../../lib/public-origin';
import { requireUser } from '../../plugins/auth';
import { MAIL_SENDS_PER_HOUR } from '../../mail/mailer';
import { RosterService } from './roster-service';
import { StudentService } from './student-service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const students = new StudentService(app.db);
  const roster = new RosterService(app.db, app.mailer);
  // Adding or re-pointing a student mails the address typed: a cap keeps a coach account from
  // relaying spam.
  const mailCap = app.limitRequests({
    max: MAIL_SENDS_PER_HOUR,
    timeWindowMs: 60 * 60_000,
    key: (request) => `roster-mail:${request.user?.id ?? request.ip}`,
    message: 'Too many students added from this account.',
  });

  app.get(
    '/students',
    {
      schema: {
        tags: ['coach'],
        summary: "The coach's students (an athlete has none)",
        response: { 200: z.array(studentSchema), 401: errorResponseSchema },
      },
    },
    async (request) => students.listFor(requireUser(request)),
  );

  app.get(
    '/coach/students',
    {
      schema: {
        tags: ['coach'],
        summary: "The coach's athletes (coaches only)",
        response: { 200: z.array(coachStudentLinkSchema), ...errors },
      },
    },
    async (request) => roster.list(requireUser(request)),
  );

  app.post(
    '/coach/students',
    {
      preHandler: mailCap,
      schema: {
        tags: ['coach'],
        summary:
          'Add an athlete by e-mail; a new address gets an account and an invitation to set a password',
        body: addStudentBodySchema,
        response: {
          201: coachStudentLinkSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const origin = publicOriginOf(request, app.config.publicOrigin);
      const link = await roster.add(requireUser(request), request.body, origin);
      return reply.code(201).send(link);
    },
  );

  app.patch(
    '/coach/students/:studentId',
    {
      preHandler: mailCap,
      schema: {
        tags: ['coach'],
        summary: 'Rename an athlete on your list, or correct their e-mail; blank keeps the value',
        params: studentIdParamsSchema,
        body: updateStudentBodySchema,
        response: {
          200: coachStudentLinkSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const origin = publicOriginOf(request, app.config.publicOrigin);
      return roster.update(requireUser(request), request.params.studentId, request.body, origin);
    },
  );

  app.delete(
    '/coach/students/:studentId',
    {
      schema: {
        tags: ['coach'],
        summary: 'Take an athlete off your list; their account stays',
        params: studentIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await roster.remove(requireUser(request), request.params.studentId);
      return { message: 'Student removed successfully' };
    },
  );
};
