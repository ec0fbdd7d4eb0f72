import {
  addStudentBodySchema,
  answerRosterInvitationBodySchema,
  coachLinkParamsSchema,
  coachLinkSchema,
  coachStudentLinkSchema,
  rosterInvitationBodySchema,
  rosterInvitationSchema,
  errorResponseSchema,
  messageResponseSchema,
  studentIdParamsSchema,
  studentSchema,
  updateStudentBodySchema,
} from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerNetwork } from '../../lib/request-limits';
import { z } from 'zod';
import { publicOriginOf } from '../../lib/public-origin';
import { requireUser } from '../access';
import { MAIL_SENDS_PER_HOUR } from '../../mail/mailer';
import type { CoachLinkService } from './coach-link-service';
import type { RosterService } from './roster-service';
import type { StudentService } from './student-service';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(400, 401, 403, 404);

export const coachRoutes: FastifyPluginAsyncZod<{
  students: StudentService;
  roster: RosterService;
  coaches: CoachLinkService;
}> = async (app, { students, roster, coaches }) => {
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
          'Invite an athlete by e-mail; they accept or decline (until then only the address shows). A new address gets an account and a link to set a password',
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

  // The athlete's side (beyond the spec): Settings > Coaches, and the link in the mail.
  const perAddress = limitPerNetwork(
    app,
    'roster-link',
    'Too many invitation links tried from this network.',
  );

  app.get(
    '/roster/coaches',
    {
      schema: {
        tags: ['coach'],
        summary:
          'Coaches who invited you or whose list you are on; empty until your address is confirmed',
        response: { 200: z.array(coachLinkSchema), 401: errorResponseSchema },
      },
    },
    async (request) => coaches.list(requireUser(request)),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/roster/coaches/:linkId/${answer}`,
      {
        schema: {
          tags: ['coach'],
          summary: `${answer === 'accept' ? 'Accept' : 'Decline'} a coach's invitation (confirmed address)`,
          params: coachLinkParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await coaches.answer(requireUser(request), request.params.linkId, answer);
        return { message: answer === 'accept' ? 'Invitation accepted' : 'Invitation declined' };
      },
    );
  }

  app.delete(
    '/roster/coaches/:linkId',
    {
      schema: {
        tags: ['coach'],
        summary: "Leave a coach's list: they no longer see your name, photos or you in videos",
        params: coachLinkParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await coaches.leave(requireUser(request), request.params.linkId);
      return { message: "You left the coach's list" };
    },
  );

  app.post(
    '/roster-invitation',
    {
      onRequest: perAddress,
      schema: {
        tags: ['coach'],
        summary: 'The roster invitation behind a mailed link (no sign-in needed)',
        body: rosterInvitationBodySchema,
        response: { 200: rosterInvitationSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => coaches.findByToken(request.body.token),
  );

  app.post(
    '/roster-invitation/answer',
    {
      onRequest: perAddress,
      schema: {
        tags: ['coach'],
        summary:
          'Accept or decline a roster invitation by its mailed link; confirms the address it was sent to',
        body: answerRosterInvitationBodySchema,
        response: { 200: rosterInvitationSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => coaches.answerByToken(request.body.token, request.body.answer),
  );
};
