import type { OutboxMessage } from '@filmroom/contract';

export const MAIL_KIND_LABELS: Record<OutboxMessage['kind'], string> = {
  invitation: 'Invitation',
  roster: 'Roster invitation',
  share: 'Video shared',
  confirmation: 'Confirm address',
  notification: 'Notification',
  digest: 'Daily digest',
};

/** The first web address in a message's text: the link the recipient would have followed. */
export function firstLinkIn(text: string): string | null {
  return text.match(/https?:\/\/\S+/)?.[0] ?? null;
}
