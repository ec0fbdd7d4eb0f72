import { z } from 'zod';

/** Every error the API returns has this body; `message` is written for the person using the app. */
export const errorResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'ErrorResponse', description: 'An error, with a message naming the problem' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A plain confirmation, such as the answer to a logout. */
export const messageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
