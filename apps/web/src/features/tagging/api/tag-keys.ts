/** Every tagging address of a video starts so: the live handler refreshes them all at once. */
export const tagAddressPrefix = (videoId: string) => `/api/videos/${videoId}/tag-`;

export const tagEventsQueryKey = (videoId: string) =>
  [`/api/videos/${videoId}/tag-events`] as const;

export const tagPlayersQueryKey = (videoId: string) =>
  [`/api/videos/${videoId}/tag-players`] as const;

export const TAG_TEMPLATES_QUERY_KEY = ['/api/tagging/templates'] as const;

/** The season view's addresses (its counts, an opened cell): `/api/tagging/…?videoIds=a,b&…`. */
const SEASON_ADDRESS = /^\/api\/tagging\/(stats|events)\?/;

/** Whether the address is a season view's that counts the video among its games. */
export function isSeasonAddressOf(address: string, videoId: string): boolean {
  if (!SEASON_ADDRESS.test(address)) return false;
  const videoIds = new URLSearchParams(address.slice(address.indexOf('?') + 1)).get('videoIds');
  return (videoIds ?? '').split(',').includes(videoId);
}

export const isSeasonAddress = (address: string) => SEASON_ADDRESS.test(address);

export const tagSuggestionsQueryKey = (videoId: string) =>
  [`/api/videos/${videoId}/tag-suggestions`] as const;
