import type { AnnotationUser, User } from '@filmroom/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { userPhotos, users, type UserRow } from '../../db/schema';
import { chosenJerseyColors } from './jersey-colors';
import { listProfilePhotos, photoUrl, toPhotoView } from './profile-photos';

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
    heightCm: user.heightCm,
    jerseyColors,
    photos: photoViews,
    avatarUrl: photoViews[0]?.url ?? user.avatarUrl,
    emailConfirmed: user.emailConfirmedAt !== null,
    isAdmin: user.isAdmin,
  };
}

/**
 * Several people as others see them beside what they wrote: name and avatar (their first
 * profile photo), in two queries however many there are.
 */
export async function loadPeopleViews(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, AnnotationUser>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [people, photos] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl })
      .from(users)
      .where(inArray(users.id, unique)),
    db
      .selectDistinctOn([userPhotos.userId], {
        userId: userPhotos.userId,
        blobKey: userPhotos.blobKey,
      })
      .from(userPhotos)
      .where(inArray(userPhotos.userId, unique))
      .orderBy(userPhotos.userId, asc(userPhotos.createdAt), asc(userPhotos.id)),
  ]);
  const firstPhoto = new Map(photos.map((photo) => [photo.userId, photoUrl(photo)]));
  return new Map(
    people.map((person) => [
      person.id,
      {
        id: person.id,
        name: person.name,
        avatarUrl: firstPhoto.get(person.id) ?? person.avatarUrl,
      },
    ]),
  );
}
