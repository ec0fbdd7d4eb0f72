import type { Video } from '@filmroom/contract';

/** Spec §9: the Dashboard shows at most 6 recent videos. */
export const RECENT_VIDEOS_LIMIT = 6;

/** Spec §2: search matches the title, ignoring case (and surrounding spaces). */
export function searchVideos<T extends Pick<Video, 'title'>>(
  videos: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...videos];
  return videos.filter((video) => video.title.toLocaleLowerCase().includes(needle));
}

/**
 * Spec §9: sum of durations / 3600 to one decimal. Videos still being prepared have no
 * duration yet and count as nothing.
 */
export function trainingHours(videos: readonly Pick<Video, 'duration'>[]): string {
  const seconds = videos.reduce((sum, video) => sum + (video.duration ?? 0), 0);
  return (seconds / 3600).toFixed(1);
}

/**
 * Spec §6: the owner, or someone the video was shared with at edit access, may edit, share and
 * delete it. (The server enforces the same rule; this only decides which controls to show.)
 */
export function canEditVideo(video: Pick<Video, 'isShared' | 'accessLevel'>): boolean {
  return !video.isShared || video.accessLevel === 'edit';
}

/** Who shared a video, as the card names them: their name, else their e-mail. */
export function sharerName(video: Pick<Video, 'sharedBy'>): string | null {
  if (!video.sharedBy) return null;
  return video.sharedBy.name.trim() || video.sharedBy.username;
}
