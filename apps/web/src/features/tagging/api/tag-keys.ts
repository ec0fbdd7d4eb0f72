/** Every tagging address of a video starts so: the live handler refreshes them all at once. */
export const tagAddressPrefix = (videoId: string) => `/api/videos/${videoId}/tag-`;

export const tagEventsQueryKey = (videoId: string) =>
  [`/api/videos/${videoId}/tag-events`] as const;

export const tagPlayersQueryKey = (videoId: string) =>
  [`/api/videos/${videoId}/tag-players`] as const;

export const TAG_TEMPLATES_QUERY_KEY = ['/api/tagging/templates'] as const;
