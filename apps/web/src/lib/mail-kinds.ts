import type { OutboxMessage } from '@filmroom/contract';

/** What each kind of kept mail is, in words: a person's outbox and the Admin area's mail page. */
export const MAIL_KIND_LABELS: Record<OutboxMessage['kind'], string> = {
  invitation: 'Invitation',
  roster: 'Roster invitation',
  share: 'Video shared',
  confirmation: 'Confirm address',
  notification: 'Notification',
  digest: 'Daily digest',
  'password-reset': 'Password link',
};
