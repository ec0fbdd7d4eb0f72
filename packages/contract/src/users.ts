import { z } from 'zod';

export const jerseyColorSchema = z
  .object({ id: z.number().int(), color: z.string() })
  .meta({ id: 'JerseyColor', description: 'A jersey colour option: a colour name' });
export type JerseyColor = z.infer<typeof jerseyColorSchema>;

export const photoSchema = z
  .object({ id: z.string(), url: z.string() })
  .meta({ id: 'Photo', description: 'A profile photo used to identify the athlete in videos' });
export type Photo = z.infer<typeof photoSchema>;

/** A signed-in person as the API shows them. The password hash never leaves the server. */
export const userSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    username: z.string().describe('The e-mail address the user signs in with'),
    isCoach: z.boolean(),
    playerNumber: z.number().int().min(0).max(99).nullable(),
    heightCm: z
      .number()
      .int()
      .nullable()
      .describe(
        'Beyond the spec: standing height in centimetres, for calibrating measurements on the body',
      ),
    jerseyColors: z.array(jerseyColorSchema),
    photos: z.array(photoSchema),
    avatarUrl: z.string().nullable(),
    emailConfirmed: z
      .boolean()
      .describe(
        'Beyond the spec: true once a link mailed to the address was followed; until then shares and roster invitations sent to it wait',
      ),
    isAdmin: z
      .boolean()
      .describe(
        'Beyond the spec: administers this server (the first account made on it, or one ADMIN_EMAILS names) and may open the Admin area',
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
