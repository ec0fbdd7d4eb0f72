import type { User } from '@filmroom/contract';
import type { Database } from '../../db/connection';
import type { UserRow } from '../../db/schema';
import { chosenJerseyColors } from './jersey-colors';
import { listProfilePhotos, toPhotoView } from './profile-photos';

/** The user as the API shows them; the avatar is their first profile photo. */
export async function loadUserView(db: Database, user: UserRow): Promise<User> {
  const [jerseyColors, photos] = await Promise.all([
    chosenJerseyColors(db, user.id),
    listProfilePhotos(db, user.id),
  ]);
  const photoViews = photos.map(toPhotoView);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    isCoach: user.isCoach,
    playerNumber: user.playerNumber,
    jerseyColors,
    photos: photoViews,
    avatarUrl: photoViews[0]?.url ?? user.avatarUrl,
  };
}
