import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  analyses,
  analysisRanges,
  annotations,
  coachStudents,
  type UserRow,
} from '../../db/schema';
import { findVideoAccess } from './video-access';

/**
 * Whether the asker may see who a person is (name, photos): themselves, their athletes or
 * coach once the athlete has accepted (an invitation alone shows nothing), anyone identified in
 * a video the asker may view (in its whole-video scan or a range analysed), or anyone who wrote an annotation or reply on one or marked an
 * annotation on one resolved (their avatar is shown beside it).
 */
export async function mayKnowPerson(
  db: Database,
  asker: UserRow,
  personId: string,
): Promise<boolean> {
  if (asker.id === personId) return true;
  const [link] = await db
    .select({ id: coachStudents.id })
    .from(coachStudents)
    .where(
      and(
        eq(coachStudents.status, 'accepted'),
        or(
          and(eq(coachStudents.coachId, asker.id), eq(coachStudents.studentId, personId)),
          and(eq(coachStudents.coachId, personId), eq(coachStudents.studentId, asker.id)),
        ),
      ),
    );
  if (link) return true;
  const detected = JSON.stringify([{ playerMatchId: personId }]);
  const seenIn = await db
    .select({ videoId: analyses.videoId })
    .from(analyses)
    .where(sql`${analyses.playerDetections} @> ${detected}::jsonb`);
  // Only a ready range's detections are on show: one analysed again keeps its old ones meanwhile.
  const seenInRanges = await db
    .selectDistinct({ videoId: analysisRanges.videoId })
    .from(analysisRanges)
    .where(
      and(
        eq(analysisRanges.status, 'ready'),
        sql`${analysisRanges.playerDetections} @> ${detected}::jsonb`,
      ),
    );
  const wroteOn = await db
    .selectDistinct({ videoId: annotations.videoId })
    .from(annotations)
    .where(or(eq(annotations.userId, personId), eq(annotations.resolvedBy, personId)));
  for (const { videoId } of [...seenIn, ...seenInRanges, ...wroteOn]) {
    if (await findVideoAccess(db, asker, videoId)) return true;
  }
  return false;
}
