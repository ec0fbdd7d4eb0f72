import type { JerseyColorOption } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

const JERSEY_COLORS_QUERY_KEY = ['/api/jersey-colors'] as const;

function getJerseyColorsQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<JerseyColorOption[]>({ queryKey: JERSEY_COLORS_QUERY_KEY });
}

/** Every colour an athlete may choose, each with the swatch it is painted in. */
export function useJerseyColors() {
  return useQuery(getJerseyColorsQueryOptions());
}
