import { z } from 'zod';
import { EMAIL_PATTERN, emailTokenSchema, NAME_MAX_LENGTH } from './auth';

export const STUDENT_EMAIL_REQUIRED_MESSAGE = 'Please enter a student email';
export const STUDENT_EMAIL_INVALID_MESSAGE = 'Please enter a valid student email';
const NAME_TOO_LONG = `Name must be at most ${NAME_MAX_LENGTH} characters`;

const studentName = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(NAME_MAX_LENGTH, NAME_TOO_LONG)
  .nullish()
  .transform((name) => name || undefined);

export const rosterStatusSchema = z
  .enum(['pending', 'accepted', 'declined'])
  .describe('pending: invited, not answered; accepted; declined');
export type RosterStatus = z.infer<typeof rosterStatusSchema>;

/**
 * One athlete on a coach's list. `student.name` is what the coach calls them; until the athlete
 * accepts it is the name the coach typed or else the address: never the account's own name.
 */
export const coachStudentLinkSchema = z
  .object({
    id: z.string().uuid(),
    studentId: z.string().uuid(),
    student: z.object({
      name: z.string(),
      username: z.string().describe('The e-mail address the athlete signs in with'),
      avatarUrl: z
        .string()
        .nullable()
        .describe(
          'Their profile photo once they have accepted; null before, or when they have none',
        ),
      heightCm: z
        .number()
        .int()
        .nullable()
        .describe(
          'Their standing height in centimetres once they have accepted (for calibrating measurements); null before, or when they have given none',
        ),
    }),
    invitationPending: z
      .boolean()
      .describe('Beyond the spec: true until the athlete has answered the invitation'),
    status: rosterStatusSchema,
  })
  .meta({ id: 'CoachStudentLink' });
export type CoachStudentLink = z.infer<typeof coachStudentLinkSchema>;

/**
 * Add Student. A new e-mail gets an account (no password yet) and an invitation to set one;
 * an existing account is linked as it is. A blank name is left out.
 */
export const addStudentBodySchema = z
  .object({
    name: studentName,
    email: z
      .string({ error: STUDENT_EMAIL_REQUIRED_MESSAGE })
      .trim()
      .min(1, STUDENT_EMAIL_REQUIRED_MESSAGE)
      .max(254, 'Email must be at most 254 characters')
      .regex(EMAIL_PATTERN, STUDENT_EMAIL_INVALID_MESSAGE)
      .transform((email) => email.toLowerCase()),
  })
  .meta({ id: 'AddStudentBody' });
export type AddStudentBody = z.input<typeof addStudentBodySchema>;

/** Edit student: a blank (or missing) name or e-mail keeps the value the card shows. */
export const updateStudentBodySchema = z
  .object({
    name: studentName,
    email: z
      .string({ error: 'Email must be text' })
      .trim()
      .max(254, 'Email must be at most 254 characters')
      .nullish()
      .refine((email) => !email || EMAIL_PATTERN.test(email), STUDENT_EMAIL_INVALID_MESSAGE)
      .transform((email) => email?.toLowerCase() || undefined),
  })
  .meta({ id: 'UpdateStudentBody' });
export type UpdateStudentBody = z.input<typeof updateStudentBodySchema>;

export const studentIdParamsSchema = z.object({
  studentId: z.string().uuid({ error: 'Student id must be a UUID' }),
});

/** A coach whose list the signed-in athlete is on, or who invited them (Settings > Coaches). */
export const coachLinkSchema = z
  .object({
    id: z.string().uuid().describe('The roster link'),
    coach: z.object({ name: z.string(), username: z.string() }),
    status: z.enum(['pending', 'accepted']),
  })
  .meta({ id: 'CoachLink' });
export type CoachLink = z.infer<typeof coachLinkSchema>;

export const coachLinkParamsSchema = z.object({
  linkId: z.string().uuid({ error: 'Invitation id must be a UUID' }),
});

/** The roster invitation behind a mailed link, shown before the athlete answers it. */
export const rosterInvitationSchema = z
  .object({
    email: z.string().describe('The address the invitation was mailed to'),
    coach: z.object({ name: z.string() }),
    status: rosterStatusSchema,
  })
  .meta({ id: 'RosterInvitation' });
export type RosterInvitation = z.infer<typeof rosterInvitationSchema>;

export const rosterInvitationBodySchema = z
  .object({ token: emailTokenSchema })
  .meta({ id: 'RosterInvitationBody' });

export const answerRosterInvitationBodySchema = z
  .object({
    token: emailTokenSchema,
    answer: z.enum(['accept', 'decline'], { error: 'Answer must be accept or decline' }),
  })
  .meta({ id: 'AnswerRosterInvitationBody' });
export type AnswerRosterInvitationBody = z.input<typeof answerRosterInvitationBodySchema>;
