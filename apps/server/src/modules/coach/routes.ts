import { errorResponseSchema, studentSchema } from '@filmroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { StudentService } from './student-service';

export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const students = new StudentService(app.db);

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
};
