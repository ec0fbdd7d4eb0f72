import type {
  Player,
  PlayerCandidate,
  PlayerDetection,
  PlayerIdentificationBody,
} from '@filmroom/contract';
import type { VisionScan } from '@filmroom/vision';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  analyses,
  coachStudents,
  jerseyColors,
  playerIdentifications,
  userJerseyColors,
  userPhotos,
  users,
  videos,
  type UserRow,
} from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { loadUserView } from '../users';
import { requireAccess } from '../access';
import {
  nameTracks,
  playerDetections,
  type Candidate,
  type ManualIdentification,
} from './identify-players';

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

/** The people named by hand in a video, oldest first (the newest naming of a person wins). */
async function manualIdentifications(
  db: Database,
  videoId: string,
): Promise<ManualIdentification[]> {
  return db
    .select({
      timestamp: playerIdentifications.timestamp,
      box: playerIdentifications.box,
      userId: playerIdentifications.userId,
    })
    .from(playerIdentifications)
    .where(eq(playerIdentifications.videoId, videoId))
    .orderBy(asc(playerIdentifications.createdAt));
}

export async function detectPlayers(
  db: Database,
  videoId: string,
  scan: Pick<VisionScan, 'tracks'>,
): Promise<PlayerDetection[]> {
  const [candidates, manual] = await Promise.all([
    candidatesForVideo(db, videoId),
    manualIdentifications(db, videoId),
  ]);
  return playerDetections(scan.tracks, candidates, manual);
}

/** Who the people in a video may be named as (edit access): its owner and their athletes. */
export async function listPlayerCandidates(
  asker: UserRow,
  db: Database,
  videoId: string,
): Promise<PlayerCandidate[]> {
  const { video } = await requireAccess(db, asker, 'video.edit', videoId);
  const candidates = await candidatesFor(db, video.ownerId);
  return candidates
    .map(({ userId, name }) => ({ id: userId, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Names a person by hand (edit access): stores the naming, so the next Detect Players keeps
 * it, and names the same tracked person in the detections on show now, without a new scan.
 */
export async function identifyPlayerByHand(
  asker: UserRow,
  db: Database,
  videoId: string,
  body: PlayerIdentificationBody,
): Promise<PlayerDetection[]> {
  const { video } = await requireAccess(db, asker, 'video.edit', videoId);
  const candidates = await candidatesFor(db, video.ownerId);
  if (body.playerId !== null && !candidates.some((c) => c.userId === body.playerId)) {
    throw badRequest("The player must be the video's owner or one of the owner's athletes");
  }
  const [analysis] = await db
    .select({ playerDetections: analyses.playerDetections })
    .from(analyses)
    .where(eq(analyses.videoId, videoId));
  const shown = analysis?.playerDetections ?? [];
  const clicked = shown.find(
    (detection) =>
      detection.trackId === body.trackId &&
      Math.abs(detection.timestamp - body.timestamp) < 1e-6 &&
      detection.box?.every((value, i) => Math.abs(value - body.box[i]!) < 1e-6),
  );
  if (!clicked) throw badRequest('No such detection in this video: run Detect Players again');

  await db.insert(playerIdentifications).values({
    videoId,
    timestamp: body.timestamp,
    box: body.box,
    userId: body.playerId,
    namedBy: asker.id,
  });
  // Face matches elsewhere in the clip stay until the next detection, which weighs them all.
  const renamed = shown.map((detection) => {
    if (detection.trackId !== body.trackId) return detection;
    const { identifiedBy: _, ...rest } = detection;
    return body.playerId
      ? { ...rest, playerMatchId: body.playerId, confidence: 1, identifiedBy: 'coach' as const }
      : { ...rest, playerMatchId: null };
  });
  await db.update(analyses).set({ playerDetections: renamed }).where(eq(analyses.videoId, videoId));
  return renamed;
}

/** Who a tracked person is, for the analysis to call them by name. */
export type IdentifiedPerson = { name: string; playerMatchId: string | null };

/**
 * The tracks of a scan that are identified on evidence (a face matching a profile photo) or by
 * the coach's hand, by track id, with the person's name. Tracks nobody can be sure of are left out: the analysis
 * must not call them by anyone's name. Called by the analysis job, which has no asker: the
 * video's owner decides who the candidates are, as in Detect Players.
 */
export async function identifyPeople(
  db: Database,
  videoId: string,
  scan: Pick<VisionScan, 'tracks'>,
): Promise<Map<number, IdentifiedPerson>> {
  const [candidates, manual] = await Promise.all([
    candidatesForVideo(db, videoId),
    manualIdentifications(db, videoId),
  ]);
  const named = new Map<number, IdentifiedPerson>();
  for (const [trackId, { identity }] of nameTracks(scan.tracks, candidates, manual)) {
    if (identity) {
      named.set(trackId, {
        name: identity.candidate.name,
        playerMatchId: identity.candidate.userId,
      });
    }
  }
  return named;
}

/** A matched player's name and photo, for people the asker may know of; others are "not found". */
export async function findPlayerFor(
  asker: UserRow,
  db: Database,
  playerId: string,
): Promise<Player> {
  const player = await requireAccess(db, asker, 'person.read', playerId);
  const { avatarUrl } = await loadUserView(db, player);
  return { name: player.name, photoUrl: avatarUrl };
}
