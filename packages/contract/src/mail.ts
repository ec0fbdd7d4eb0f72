import { z } from 'zod';

export const mailKindSchema = z.enum([
  'invitation',
  'roster',
  'share',
  'confirmation',
  'notification',
  'digest',
  'password-reset',
]);

/**
 * A message the server would have sent, shown in Settings > Mail outbox (beyond the spec) when
 * no SMTP relay is configured. A user sees only mail addressed to them, and only once their
 * address is confirmed: mail one person caused is never shown to another.
 */
export const outboxMessageSchema = z
  .object({
    id: z.string().uuid(),
    kind: mailKindSchema,
    to: z.string(),
    subject: z.string(),
    text: z.string().describe('The plain-text body, links included'),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const mailOutboxSchema = z
  .object({
    delivery: z
      .enum(['smtp', 'outbox'])
      .describe('smtp: mail is really sent and the outbox stays empty'),
    messages: z.array(outboxMessageSchema).describe('Newest first, at most 50'),
  })
  .meta({ id: 'MailOutbox' });
export type MailOutbox = z.infer<typeof mailOutboxSchema>;
