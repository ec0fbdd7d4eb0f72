import type { Player, PlayerDetection } from '@filmroom/contract';
import type { VisionScan } from '@filmroom/vision';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  coachStudents,
  jerseyColors,
  userJerseyColors,
  userPhotos,
  users,
  videos,
  type UserRow,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { mayKnowPerson } from '../users/people-access';
import { loadUserView } from '../users/user-view';
import { playerDetections, type Candidate } from './identify-players';

/** The people a video's detections may be matched to: its owner and the owner's athletes. */
async function candidatesFor(db: Database, ownerId: string): Promise<Candidate[]> {
  const students = db
    .select({ id: coachStudents.studentId })
    .from(coachStudents)
    .where(eq(coachStudents.coachId, ownerId));
  const people = await db
    .select({ id: users.id, playerNumber: users.playerNumber })
    .from(users)
    .where(or(eq(users.id, ownerId), inArray(users.id, students)));
  const ids = people.map((person) => person.id);
  const [colours, faces] = await Promise.all([
    db
      .select({ userId: userJerseyColors.userId, color: jerseyColors.color })
      .from(userJerseyColors)
      .innerJoin(jerseyColors, eq(jerseyColors.id, userJerseyColors.colorId))
      .where(inArray(userJerseyColors.userId, ids)),
    db
      .select({ userId: userPhotos.userId, embedding: userPhotos.faceEmbedding })
      .from(userPhotos)
      .where(and(inArray(userPhotos.userId, ids), isNotNull(userPhotos.faceEmbedding))),
  ]);
  return people.map((person) => ({
    userId: person.id,
    playerNumber: person.playerNumber,
    jerseyColors: colours.filter((c) => c.userId === person.id).map((c) => c.color),
    faceEmbeddings: faces.filter((f) => f.userId === person.id).map((f) => f.embedding!),
  }));
}

export async function detectPlayers(
  db: Database,
  videoId: string,
  scan: Pick<VisionScan, 'tracks'>,
): Promise<PlayerDetection[]> {
  const [video] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video) return [];
  return playerDetections(scan.tracks, await candidatesFor(db, video.ownerId));
}

/** A matched player's name and photo, for people the asker may know of; others are "not found". */
export async function findPlayerFor(
  asker: UserRow,
  db: Database,
  playerId: string,
): Promise<Player> {
  const [player] = await db.select().from(users).where(eq(users.id, playerId));
  if (!player || !(await mayKnowPerson(db, asker, player.id))) {
    throw notFound('Player not found');
  }
  const { avatarUrl } = await loadUserView(db, player);
  return { name: player.name, photoUrl: avatarUrl };
}
