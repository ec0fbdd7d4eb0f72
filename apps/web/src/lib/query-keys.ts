/**
 * Cache keys shared by more than one feature. The shared query function fetches a key's first
 * item (spec §7: the first query key is the address), so each key is its address.
 */

/** The signed-in user's videos and those shared with them. */
export const VIDEOS_QUERY_KEY = ['/api/videos'] as const;

/** One video with its analysis: features that change the analysis update this entry. */
export function videoQueryKey(id: string) {
  return [`/api/videos/${id}`] as const;
}
