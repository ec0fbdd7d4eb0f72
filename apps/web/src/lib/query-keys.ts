/**
 * Cache keys shared by more than one feature. The shared query function fetches a key's first
 * item (spec §7: the first query key is the address), so each key is its address.
 */

/** The signed-in user: sign-in sets it, Settings changes it, the shell shows it. */
export const USER_QUERY_KEY = ['/api/user'] as const;

/** The signed-in user's videos and those shared with them. */
export const VIDEOS_QUERY_KEY = ['/api/videos'] as const;

/**
 * The same list a page at a time (the Videos page), one entry per search. It starts with the
 * list's key, so invalidating the list refreshes these too.
 */
export const VIDEO_PAGES_QUERY_KEY = [...VIDEOS_QUERY_KEY, 'pages'] as const;

/** One video with its analysis: features that change the analysis update this entry. */
export function videoQueryKey(id: string) {
  return [`/api/videos/${id}`] as const;
}

/** A video's measured skeletons: the player's Pose overlay and the Compare view read them. */
export function videoPosesQueryKey(id: string) {
  return [`/api/videos/${id}/poses`] as const;
}

/** A video's saved measurements (the Measure tab, Compare). */
export function measurementsQueryKey(videoId: string) {
  return [`/api/videos/${videoId}/measurements`] as const;
}

/** Mail kept for the user's address (Settings > Mail outbox) when no relay sends it. */
export const MAIL_OUTBOX_QUERY_KEY = ['/api/mail/outbox'] as const;

/**
 * A video's annotations with their replies and reactions: the annotations feature reads and
 * changes them, and its event handler refetches them when someone else does.
 */
export function annotationsQueryKey(videoId: string) {
  return [`/api/videos/${videoId}/annotations`] as const;
}

/**
 * The signed-in user's exports: the exports feature lists them, and its event handler writes
 * each one's progress into the list.
 */
export const EXPORTS_QUERY_KEY = ['/api/exports'] as const;

/**
 * One export of a video: the exports feature reads it, and its event handler writes its
 * progress into it as the server pushes it.
 */
export function exportQueryKey(id: string) {
  return [`/api/exports/${id}`] as const;
}

/**
 * The signed-in user's notifications and unread count: the bell and the Notifications page
 * read them, and the feature's event handler refetches them when they change.
 */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

/**
 * The coach's teams and the teams the user is on: the Teams page lists them, the Videos page
 * filters by them, Share dialogs offer them.
 */
export const TEAMS_QUERY_KEY = ['/api/teams'] as const;

/**
 * The chosen ranges of a long video and their results: the analysis feature reads and starts
 * them, and its event handler writes their progress into this entry.
 */
export function analysisRangesQueryKey(videoId: string) {
  return [`/api/videos/${videoId}/analysis-ranges`] as const;
}

/**
 * The user's playlists, and one playlist: the clips feature reads them, and its event handler fetches
 * them again when a `playlist` event says one changed.
 */
export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;

export function playlistQueryKey(id: string) {
  return [`/api/playlists/${id}`] as const;
}
