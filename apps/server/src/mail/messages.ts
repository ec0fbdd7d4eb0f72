import {
  EMAIL_LINK_DAYS,
  INVITATION_LINK_DAYS,
  PASSWORD_RESET_LINK_HOURS,
  type AccessLevel,
  type NotificationKind,
} from '@filmroom/contract';
import type { MailMessage } from './mailer';

/** Names and titles are people's input: in a subject line they stay one line. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export const setPasswordLink = (origin: string, token: string) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`;

/** Confirms an address; with no account there yet, the page signs up with it. */
export const confirmEmailLink = (origin: string, token: string) =>
  `${origin}/confirm-email?token=${encodeURIComponent(token)}`;

/** Shows a coach's roster invitation and answers it, signed in or not. */
export const rosterInvitationLink = (origin: string, token: string) =>
  `${origin}/roster-invitation?token=${encodeURIComponent(token)}`;

/** Sent to a new account's address; the person signing up caused it, so it is their own. */
export function confirmationMail(confirm: {
  to: string;
  userId: string;
  link: string;
}): MailMessage {
  return {
    kind: 'confirmation',
    senderId: confirm.userId,
    to: confirm.to,
    subject: 'Confirm your email address for FilmRoom',
    text: [
      'Someone, hopefully you, created a FilmRoom account with this email address.',
      '',
      'Confirm the address here:',
      confirm.link,
      '',
      `Until then, videos shared with this address and coaches' invitations wait. The link works once and for ${EMAIL_LINK_DAYS} days. If it was not you, ignore this email.`,
    ].join('\n'),
  };
}

export function invitationMail(invite: {
  to: string;
  studentName: string;
  coach: { id: string; name: string };
  link: string;
}): MailMessage {
  const coach = oneLine(invite.coach.name);
  return {
    kind: 'invitation',
    senderId: invite.coach.id,
    to: invite.to,
    subject: `${coach} invited you to FilmRoom`,
    text: [
      `Hello ${oneLine(invite.studentName)},`,
      '',
      `${coach} invited you to their athletes on FilmRoom, where coaches and athletes review game and training videos together.`,
      '',
      'Set a password to open your account:',
      invite.link,
      '',
      `Then accept or decline ${coach}'s invitation in the app. Until you accept, ${coach} sees only your email address.`,
      '',
      `The link works once and for ${INVITATION_LINK_DAYS} days. After that, use "Forgot your password?" on the sign-in page with this email address.`,
    ].join('\n'),
  };
}

/**
 * For an address that already has an account: a question, not news. No link sets a password;
 * the link answers the invitation (and proves the address).
 */
export function rosterInvitationMail(invite: {
  to: string;
  coach: { id: string; name: string };
  link: string;
}): MailMessage {
  const coach = oneLine(invite.coach.name);
  return {
    kind: 'roster',
    senderId: invite.coach.id,
    to: invite.to,
    subject: `${coach} wants to add you to their athletes on FilmRoom`,
    text: [
      `${coach} wants to add you to their athletes on FilmRoom. Their athletes' names and profile photos help them find each athlete in their videos.`,
      '',
      'Accept or decline here:',
      invite.link,
      '',
      `Or sign in and answer under Settings > Coaches. Until you accept, ${coach} sees only your email address. The link works once and for ${EMAIL_LINK_DAYS} days.`,
    ].join('\n'),
  };
}

export function passwordResetMail(reset: { to: string; link: string }): MailMessage {
  return {
    kind: 'password-reset',
    senderId: null,
    to: reset.to,
    subject: 'Set a new FilmRoom password',
    text: [
      'Someone, hopefully you, asked to set a new password for the FilmRoom account with this email address.',
      '',
      'Choose a new password here:',
      reset.link,
      '',
      `The link works once and for ${PASSWORD_RESET_LINK_HOURS} hour. If you did not ask, ignore this email: your password stays as it is.`,
    ].join('\n'),
  };
}

export function shareMail(share: {
  to: string;
  sharer: { id: string; name: string };
  videoTitle: string;
  accessLevel: AccessLevel;
  link: string;
  /** An account with this address is confirmed; otherwise `link` confirms the address. */
  recipientConfirmed: boolean;
}): MailMessage {
  const sharer = oneLine(share.sharer.name);
  const title = oneLine(share.videoTitle);
  return {
    kind: 'share',
    senderId: share.sharer.id,
    to: share.to,
    subject: `${sharer} shared "${title}" with you on FilmRoom`,
    text: [
      `${sharer} shared the video "${title}" with you. You can ${
        share.accessLevel === 'edit' ? 'watch, edit and share it' : 'watch it'
      }.`,
      '',
      share.link,
      '',
      share.recipientConfirmed
        ? 'Sign in with this email address to open it.'
        : `This link confirms that this email address is yours, and lets you create a FilmRoom account with it if you have none; then the video is yours to open. It works once and for ${EMAIL_LINK_DAYS} days.`,
    ].join('\n'),
  };
}

/** What every notification mail ends with: where to choose, and the link that stops them. */
function notificationFooter(links: { settings: string; unsubscribe: string }, digest: boolean) {
  return [
    '',
    '--',
    digest
      ? 'You get this digest once a day when something is unread. Choose an email for each notification, a daily digest or none in Settings:'
      : 'You get an email for each notification. Choose a daily digest or none in Settings:',
    links.settings,
    'Stop these emails (no sign-in needed):',
    links.unsubscribe,
  ];
}

/** One notification, as it happens. `senderId` is whoever's action it was, or the recipient. */
export function notificationMail(notice: {
  to: string;
  senderId: string;
  summary: string;
  excerpt: string | null;
  link: string;
  links: { settings: string; unsubscribe: string; oneClickUnsubscribe: string };
}): MailMessage {
  return {
    kind: 'notification',
    senderId: notice.senderId,
    to: notice.to,
    subject: oneLine(notice.summary),
    text: [
      `${oneLine(notice.summary)}.`,
      ...(notice.excerpt ? ['', `"${oneLine(notice.excerpt)}"`] : []),
      '',
      'Open it in FilmRoom:',
      notice.link,
      ...notificationFooter(notice.links, false),
    ].join('\n'),
    unsubscribeUrl: notice.links.oneClickUnsubscribe,
  };
}

const NEWS_WORDS: Partial<Record<NotificationKind, [string, string]>> = {
  'note-added': ['new note', 'new notes'],
  'reply-added': ['new reply', 'new replies'],
  'reaction-added': ['new reaction', 'new reactions'],
};

/** News about one video that came in while its last mail was recent, in one message. */
export function heldNotificationsMail(held: {
  to: string;
  userId: string;
  videoTitle: string;
  kinds: NotificationKind[];
  items: { summary: string; excerpt: string | null; link: string }[];
  links: { settings: string; unsubscribe: string; oneClickUnsubscribe: string };
}): MailMessage {
  const count = held.items.length;
  const sameKind = held.kinds.every((kind) => kind === held.kinds[0]);
  const words = (sameKind && NEWS_WORDS[held.kinds[0]!]) || [
    'new notification',
    'new notifications',
  ];
  const headline = `${count} ${count === 1 ? words[0] : words[1]} on "${oneLine(held.videoTitle)}"`;
  return {
    kind: 'notification',
    senderId: held.userId,
    to: held.to,
    subject: headline,
    text: [
      `${headline}:`,
      ...held.items.flatMap((item) => [
        '',
        `- ${oneLine(item.summary)}`,
        ...(item.excerpt ? [`  "${oneLine(item.excerpt)}"`] : []),
        `  ${item.link}`,
      ]),
      ...notificationFooter(held.links, false),
    ].join('\n'),
    unsubscribeUrl: held.links.oneClickUnsubscribe,
  };
}

/** The day's unread notifications in one message. */
export function digestMail(digest: {
  to: string;
  userId: string;
  items: { summary: string; excerpt: string | null; link: string }[];
  links: {
    notifications: string;
    settings: string;
    unsubscribe: string;
    oneClickUnsubscribe: string;
  };
}): MailMessage {
  const count = digest.items.length;
  return {
    kind: 'digest',
    senderId: digest.userId,
    to: digest.to,
    subject: `FilmRoom: ${count} unread notification${count === 1 ? '' : 's'}`,
    text: [
      `What happened on FilmRoom since your last digest (${count} unread):`,
      ...digest.items.flatMap((item) => [
        '',
        `- ${oneLine(item.summary)}`,
        ...(item.excerpt ? [`  "${oneLine(item.excerpt)}"`] : []),
        `  ${item.link}`,
      ]),
      '',
      'All your notifications:',
      digest.links.notifications,
      ...notificationFooter(digest.links, true),
    ].join('\n'),
    unsubscribeUrl: digest.links.oneClickUnsubscribe,
  };
}
