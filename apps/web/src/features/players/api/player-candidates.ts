import type { PlayerCandidate } from '@filmroom/contract';
import { useQuery } from '@tanstack/react-query';

/**
 * Who a person in the video may be named as (the owner and the owner's athletes); asked only
 * of editors, who alone may name. The default fetcher reads the address key.
 */
export function usePlayerCandidates(videoId: string, enabled: boolean) {
  return useQuery<PlayerCandidate[]>({
    queryKey: [`/api/videos/${videoId}/player-candidates`],
    enabled,
  });
}
