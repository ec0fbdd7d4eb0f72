import type { PlayerDetection } from '@filmroom/contract';
import type { Track } from '@filmroom/vision';
import { cosineSimilarity } from '@filmroom/vision';

/** Someone a detected person could be: the video's owner or one of the owner's athletes. */
export type Candidate = {
  userId: string;
  playerNumber: number | null;
  jerseyColors: string[];
  /** Face embeddings of the candidate's profile photos. */
  faceEmbeddings: number[][];
};

// One detection per person every half second: the Players tab shows those within 0.5 s.
const DETECTION_INTERVAL_S = 0.5;
// Face similarity that counts as evidence, and the margin by which the best must beat the next:
// faces of one person scored 0.48-0.69 here, strangers up to 0.69, so ranking matters more.
const FACE_EVIDENCE = 0.5;
const FACE_MARGIN = 0.05;

type Evidence = { candidate: Candidate; score: number };

/**
 * Who each tracked person is, when there is evidence: a matching shirt number, a face close to
 * a profile photo's (and clearly closer than anyone else's), a matching shirt colour. Without
 * evidence, or when two candidates fit equally, the person stays unidentified.
 */
export function identifyTrack(track: Track, candidates: Candidate[]): Evidence | null {
  const scores = new Map<string, number>();
  const add = (candidate: Candidate, amount: number) =>
    scores.set(candidate.userId, (scores.get(candidate.userId) ?? 0) + amount);

  const number = track.jerseyNumber;
  if (number) {
    for (const c of candidates) {
      if (c.playerNumber !== null && String(c.playerNumber) === number.value) {
        add(c, 0.6 * number.confidence);
      }
    }
  }

  const faces = track.samples.flatMap((sample) =>
    sample.face?.embedding ? [sample.face.embedding] : [],
  );
  if (faces.length > 0) {
    const similarity = candidates
      .map((c) => ({
        c,
        best: Math.max(
          -1,
          ...c.faceEmbeddings.flatMap((photo) =>
            faces.map((face) => cosineSimilarity(face, photo)),
          ),
        ),
      }))
      .sort((a, b) => b.best - a.best);
    const [first, second] = similarity;
    if (
      first &&
      first.best >= FACE_EVIDENCE &&
      (!second || first.best - second.best >= FACE_MARGIN)
    ) {
      add(first.c, first.best);
    }
  }

  const colour = track.jerseyColor;
  if (colour) {
    for (const c of candidates) {
      if (c.jerseyColors.some((name) => name.toLowerCase() === colour.name.toLowerCase())) {
        add(c, 0.2 * colour.confidence);
      }
    }
  }

  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [best, runnerUp] = ranked;
  if (!best || best[1] <= 0 || (runnerUp && runnerUp[1] === best[1])) return null;
  const candidate = candidates.find((c) => c.userId === best[0])!;
  return { candidate, score: Math.min(0.99, best[1]) };
}

/** The Players tab's detections: each tracked person every half second, identified or not. */
export function playerDetections(tracks: Track[], candidates: Candidate[]): PlayerDetection[] {
  const detections: PlayerDetection[] = [];
  for (const track of tracks) {
    const identity = identifyTrack(track, candidates);
    let nextAt = -Infinity;
    for (const sample of track.samples) {
      if (sample.t < nextAt) continue;
      nextAt = sample.t + DETECTION_INTERVAL_S;
      detections.push({
        timestamp: sample.t,
        playerMatchId: identity?.candidate.userId ?? null,
        // How sure: of who it is when identified, of a person being there when not.
        confidence: Math.round((identity ? identity.score : sample.score) * 100) / 100,
        jerseyNumber: track.jerseyNumber?.value ?? null,
        jerseyColor: track.jerseyColor?.name ?? null,
        faceDetected: sample.face !== undefined,
        box: sample.box,
      });
    }
  }
  return detections.sort((a, b) => a.timestamp - b.timestamp);
}
