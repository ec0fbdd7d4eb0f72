import type { User } from '@filmroom/contract';
import type { UserRow } from '../../db/schema';

/**
 * The user as the API shows them. Jersey colours and photos arrive with athlete profiles;
 * until a user has any they are empty lists, never missing fields.
 */
export function toUserView(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    isCoach: user.isCoach,
    playerNumber: user.playerNumber,
    jerseyColors: [],
    photos: [],
    avatarUrl: user.avatarUrl,
  };
}
