import { z } from 'zod';
import { NAME_MAX_LENGTH } from './auth';
import { jerseyColorSchema } from './users';

export const PLAYER_NUMBER_MESSAGE = 'Player number must be a whole number from 0 to 99';

/**
 * An athlete's standing height, for calibrating measurements on their body (issue 32): from a
 * young child to the tallest people on record, in whole centimetres (a drawn head-to-foot line
 * is good to a few percent at best, so millimetres would be false precision).
 */
export const HEIGHT_MIN_CM = 50;
export const HEIGHT_MAX_CM = 250;
export const HEIGHT_MESSAGE = `Height must be a whole number of centimetres from ${HEIGHT_MIN_CM} to ${HEIGHT_MAX_CM}`;

/**
 * Settings > Profile. The e-mail is not part of it: it is read-only. An omitted or null player
 * number or height clears it (the form leaves an empty number out).
 */
export const updateProfileBodySchema = z
  .object({
    name: z
      .string({ error: 'Name must be text' })
      .trim()
      .min(1, 'Name is required')
      .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
      .optional(),
    playerNumber: z
      .number({ error: PLAYER_NUMBER_MESSAGE })
      .int(PLAYER_NUMBER_MESSAGE)
      .min(0, PLAYER_NUMBER_MESSAGE)
      .max(99, PLAYER_NUMBER_MESSAGE)
      .nullish(),
    heightCm: z
      .number({ error: HEIGHT_MESSAGE })
      .int(HEIGHT_MESSAGE)
      .min(HEIGHT_MIN_CM, HEIGHT_MESSAGE)
      .max(HEIGHT_MAX_CM, HEIGHT_MESSAGE)
      .nullish()
      .describe('Standing height in centimetres; only you and your coaches see it'),
  })
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** A colour an athlete may choose, with the swatch the app paints it in (beyond the spec). */
export const jerseyColorOptionSchema = jerseyColorSchema
  .extend({ swatch: z.string().describe('A CSS hex colour such as #c8102e') })
  .meta({ id: 'JerseyColorOption' });
export type JerseyColorOption = z.infer<typeof jerseyColorOptionSchema>;

export const chooseJerseyColorsBodySchema = z
  .object({
    colorIds: z
      .array(
        z.number({ error: 'colorIds must hold colour ids' }).int('colorIds must hold colour ids'),
        {
          error: 'colorIds must be a list of colour ids',
        },
      )
      .max(50, 'colorIds may hold at most 50 ids'),
  })
  .meta({ id: 'ChooseJerseyColorsBody' });
export type ChooseJerseyColorsBody = z.input<typeof chooseJerseyColorsBodySchema>;

export const photoIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Photo id must be a UUID' }),
});
