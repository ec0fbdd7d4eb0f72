import {
  INVITATION_LINK_DAYS,
  PASSWORD_RESET_LINK_HOURS,
  type AccessLevel,
} from '@filmroom/contract';
import type { MailMessage } from './mailer';

/** Names and titles are people's input: in a subject line they stay one line. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export const setPasswordLink = (origin: string, token: string) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`;

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
      `${coach} added you to their athletes on FilmRoom, where coaches and athletes review game and training videos together.`,
      '',
      'Set a password to open your account:',
      invite.link,
      '',
      `The link works once and for ${INVITATION_LINK_DAYS} days. After that, use "Forgot your password?" on the sign-in page with this email address.`,
    ].join('\n'),
  };
}

/** For an athlete who already has an account: no link that sets a password, only news. */
export function rosterNoticeMail(notice: {
  to: string;
  coach: { id: string; name: string };
  origin: string;
}): MailMessage {
  const coach = oneLine(notice.coach.name);
  return {
    kind: 'roster',
    senderId: notice.coach.id,
    to: notice.to,
    subject: `${coach} added you to their athletes on FilmRoom`,
    text: [
      `${coach} added you to their athletes on FilmRoom.`,
      '',
      `Sign in with this email address to see the videos they share with you:`,
      `${notice.origin}/`,
      '',
      'If you have not set a password yet, use "Forgot your password?" on the sign-in page.',
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
  recipientHasAccount: boolean;
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
      share.recipientHasAccount
        ? 'Sign in with this email address to open it.'
        : 'Create a FilmRoom account with this email address to open it.',
    ].join('\n'),
  };
}
