import type { Player, PlayerDetection } from '@filmroom/contract';
import type { VisionScan } from '@filmroom/vision';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { analyses, coachStudents, users, videos, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { findVideoAccess } from '../videos/video-access';
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
  // Jersey colours and profile-photo faces join when athlete profiles have them.
  return people.map((person) => ({
    userId: person.id,
    playerNumber: person.playerNumber,
    jerseyColors: [],
    faceEmbeddings: [],
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

/**
 * A matched player's name and photo, for people the asker may know of: themselves, their
 * athletes or coach, or anyone detected in a video the asker may view. Others are "not found".
 */
export async function findPlayerFor(
  asker: UserRow,
  db: Database,
  playerId: string,
): Promise<Player> {
  const [player] = await db.select().from(users).where(eq(users.id, playerId));
  if (!player) throw notFound('Player not found');
  if (await mayKnow(db, asker, player.id)) {
    return { name: player.name, photoUrl: player.avatarUrl };
  }
  throw notFound('Player not found');
}

async function mayKnow(db: Database, asker: UserRow, playerId: string): Promise<boolean> {
  if (asker.id === playerId) return true;
  const [link] = await db
    .select({ id: coachStudents.id })
    .from(coachStudents)
    .where(
      or(
        and(eq(coachStudents.coachId, asker.id), eq(coachStudents.studentId, playerId)),
        and(eq(coachStudents.coachId, playerId), eq(coachStudents.studentId, asker.id)),
      ),
    );
  if (link) return true;
  const seenIn = await db
    .select({ videoId: analyses.videoId })
    .from(analyses)
    .where(
      sql`${analyses.playerDetections} @> ${JSON.stringify([{ playerMatchId: playerId }])}::jsonb`,
    );
  for (const { videoId } of seenIn) {
    if (await findVideoAccess(db, asker, videoId)) return true;
  }
  return false;
}
