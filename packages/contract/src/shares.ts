import { z } from 'zod';
import { EMAIL_PATTERN } from './auth';
import { accessLevelSchema } from './videos';

/** Someone a video is shared with, by e-mail: the address may belong to no account yet. */
export const shareSchema = z
  .object({
    id: z.string().uuid(),
    sharedWithEmail: z.string(),
    accessLevel: accessLevelSchema,
    pending: z
      .boolean()
      .describe(
        'Beyond the spec: true while no confirmed account uses the address; the share reaches nobody until its owner follows the mailed link',
      ),
  })
  .meta({ id: 'Share' });
export type Share = z.infer<typeof shareSchema>;

/** Share a video. Sharing again with the same e-mail changes the access level. */
export const shareVideoBodySchema = z
  .object({
    email: z
      .string({ error: 'Please enter an email to share with' })
      .trim()
      .min(1, 'Please enter an email to share with')
      .max(254, 'Email must be at most 254 characters')
      .regex(EMAIL_PATTERN, 'Please enter a valid email address')
      .transform((email) => email.toLowerCase()),
    accessLevel: z
      .enum(accessLevelSchema.options, { error: 'Access level must be view or edit' })
      .default('view')
      .meta({ description: 'view (the default) or edit' }),
  })
  .meta({ id: 'ShareVideoBody' });
export type ShareVideoBody = z.input<typeof shareVideoBodySchema>;

export const shareParamsSchema = z.object({
  id: z.string().uuid({ error: 'Video id must be a UUID' }),
  shareId: z.string().uuid({ error: 'Share id must be a UUID' }),
});
