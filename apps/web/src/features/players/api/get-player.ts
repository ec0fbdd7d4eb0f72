import type { Player } from '@filmroom/contract';
import { useQuery } from '@tanstack/react-query';

/** The name and photo of an identified player; the default fetcher reads the address key. */
export function usePlayer(playerMatchId: string | null) {
  return useQuery<Player>({
    queryKey: [`/api/players/${playerMatchId}`],
    enabled: playerMatchId !== null,
  });
}
