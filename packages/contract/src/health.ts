import { z } from 'zod';

/** GET /api/health: for load balancers and restart scripts, not people. */
export const healthSchema = z
  .object({
    status: z.literal('ok'),
    role: z.enum(['all', 'api', 'worker']).describe('What this process runs'),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
