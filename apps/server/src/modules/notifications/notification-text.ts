import type { Notification } from '@filmroom/contract';

/** m:ss, as the player's timeline labels a moment. */
function moment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What happened, in one sentence: the bell's list and the mail say it alike. Built from the
 * view, so it holds only what the recipient may see now.
 */
export function summaryOf(view: Omit<Notification, 'summary'>): string {
  const who = view.actor?.name ?? 'Someone';
  const title = view.video ? `"${view.video.title}"` : 'a video';
  const at = view.annotation ? ` at ${moment(view.annotation.timestamp)}` : '';
  switch (view.kind) {
    case 'video-shared':
      return `${who} shared ${title} with you`;
    case 'note-added':
      return `${who} added a note on ${title}${at}`;
    case 'reply-added':
      return `${who} replied to a note on ${title}${at}`;
    case 'reaction-added':
      return `${who} reacted to your ${view.replyId ? 'reply' : 'note'} on ${title}${at}`;
    case 'analysis-ready':
      return `The analysis of ${title} is ready`;
    case 'analysis-failed':
      return `The analysis of ${title} failed`;
    case 'invitation-accepted':
      return `${who} accepted your invitation and joined your athletes`;
    case 'playlist-shared':
      return view.playlist
        ? `${who} shared the playlist "${view.playlist.title}" with you`
        : `${who} shared a playlist with you`;
    case 'roster-invitation':
      return `${who} wants to add you to their athletes`;
  }
}
