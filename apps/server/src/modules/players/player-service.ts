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
import { mayKnowPerson, loadUserView } from '../users';
import { identifyTracks, playerDetections, type Candidate } from './identify-players';

/**
 * The people a video's detections may be matched to: its owner and the athletes who accepted
 * the owner's invitation (nobody's face is matched for a coach they have not said yes to).
 */
async function candidatesFor(db: Database, ownerId: string): Promise<Candidate[]> {
  const students = db
    .select({ id: coachStudents.studentId })
    .from(coachStudents)
    .where(and(eq(coachStudents.coachId, ownerId), eq(coachStudents.status, 'accepted')));
  const people = await db
    .select({ id: users.id, name: users.name })
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
    name: person.name,
    jerseyColors: colours.filter((c) => c.userId === person.id).map((c) => c.color),
    faceEmbeddings: faces.filter((f) => f.userId === person.id).map((f) => f.embedding!),
  }));
}

/** The candidates for a video's people; none when the video is gone. */
async function candidatesForVideo(db: Database, videoId: string): Promise<Candidate[]> {
  const [video] = await db
    .select({ ownerId: videos.ownerId })
    .from(videos)
    .where(eq(videos.id, videoId));
  return video ? candidatesFor(db, video.ownerId) : [];
}

export async function detectPlayers(
  db: Database,
  videoId: string,
  scan: Pick<VisionScan, 'tracks'>,
): Promise<PlayerDetection[]> {
  return playerDetections(scan.tracks, await candidatesForVideo(db, videoId));
}

/** Who a tracked person is, for the analysis to call them by name. */
export type IdentifiedPerson = { name: string; playerMatchId: string | null };

/**
 * The tracks of a scan that are identified on evidence (a face matching a profile photo), by
 * track id, with the person's name. Tracks nobody can be sure of are left out: the analysis
 * must not call them by anyone's name. Called by the analysis job, which has no asker: the
 * video's owner decides who the candidates are, as in Detect Players.
 */
export async function identifyPeople(
  db: Database,
  videoId: string,
  scan: Pick<VisionScan, 'tracks'>,
): Promise<Map<number, IdentifiedPerson>> {
  const identities = identifyTracks(scan.tracks, await candidatesForVideo(db, videoId));
  return new Map(
    [...identities].map(([trackId, { candidate }]) => [
      trackId,
      { name: candidate.name, playerMatchId: candidate.userId },
    ]),
  );
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
