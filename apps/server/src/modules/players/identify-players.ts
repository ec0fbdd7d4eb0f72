import type { PlayerDetection } from '@filmroom/contract';
import type { Track } from '@filmroom/vision';
import { cosineSimilarity } from '@filmroom/vision';

/** Someone a detected person could be: the video's owner or one of the owner's athletes. */
export type Candidate = {
  userId: string;
  name: string;
  jerseyColors: string[];
  /** Face embeddings of the candidate's profile photos. */
  faceEmbeddings: number[][];
};

/** A tracked person named on evidence, and how sure that naming is (0-1). */
export type Identity = { candidate: Candidate; confidence: number };

/**
 * A person named by hand: the detection (time and box) the coach clicked, and who they said it
 * is (null: nobody the app knows, which also silences a face match).
 */
export type ManualIdentification = {
  timestamp: number;
  box: readonly [number, number, number, number];
  userId: string | null;
};

/** A track's name from the coach's hand, or from a face match. */
type Naming = { identity: Identity | null; identifiedBy: 'face' | 'coach' };

// A clicked detection is matched to the sample it was drawn from: same frame, same box. The
// stored numbers come back through JSON and a float column, so a little slack.
const SAME_TIME_S = 0.01;
const SAME_BOX = 0.005;
// The coach's word is not a measurement: shown as sure, not as certain.
const COACH_CONFIDENCE = 1;

// One detection per person every half second: the Players tab shows those within 0.5 s.
const DETECTION_INTERVAL_S = 0.5;

/**
 * The face similarity (cosine, profile photo against a face in the video) that names someone.
 * Measured on the shared fixtures with the production paths (the uploaded profile photo's main
 * face; the face as the scan crops it from a 640 px frame): the same man in two different photos
 * scored 0.605 and 0.630; different people, photos against photos, at most 0.471. Adding the
 * faces the scan kept from the twelve fixture clips (those wide enough to be embedded), one
 * person's faces scored 0.595 or more against each other and different people's at most 0.472.
 * 0.55 sits in that gap; face-threshold.test.ts holds it to the photos. Strangers have scored
 * higher on other photos (up to 0.69, shared notes), so a match just past it reports a modest
 * confidence.
 */
export const FACE_MATCH = 0.55;
/** The best candidate must beat the next by this much: two close faces name nobody. */
export const FACE_MARGIN = 0.05;
// Confidence at the threshold (just past the strangers measured) and where it stops rising: a
// similarity of 0.80 was only reached by the same photo of a person, never by two photos.
const CONFIDENCE_AT_MATCH = 0.6;
const SIMILARITY_SURE = 0.8;
const CONFIDENCE_MAX = 0.95;
// A shirt in one of the named person's chosen colours supports the face, by at most this much.
const COLOUR_SUPPORT = 0.05;

/**
 * Who a tracked person is, when their face is close to one candidate's profile photos and
 * clearly closer than to anyone else's. A shirt colour never names anyone: it only raises the
 * confidence of a face match, since teammates (and the coach who ticked the team's colour)
 * share it.
 */
export function identifyTrack(track: Track, candidates: Candidate[]): Identity | null {
  const faces = track.samples.flatMap((sample) =>
    sample.face?.embedding ? [sample.face.embedding] : [],
  );
  if (faces.length === 0) return null;
  const ranked = candidates
    .map((candidate) => ({ candidate, similarity: bestSimilarity(faces, candidate) }))
    .sort((a, b) => b.similarity - a.similarity);
  const [best, next] = ranked;
  if (!best || best.similarity < FACE_MATCH) return null;
  if (next && best.similarity - next.similarity < FACE_MARGIN) return null;

  const fromFace =
    CONFIDENCE_AT_MATCH +
    (CONFIDENCE_MAX - CONFIDENCE_AT_MATCH) *
      Math.min(1, (best.similarity - FACE_MATCH) / (SIMILARITY_SURE - FACE_MATCH));
  const colour = track.jerseyColor;
  const wearsTheirColour =
    colour !== undefined &&
    best.candidate.jerseyColors.some((name) => name.toLowerCase() === colour.name.toLowerCase());
  const support = wearsTheirColour ? COLOUR_SUPPORT * colour.confidence : 0;
  return {
    candidate: best.candidate,
    confidence: Math.round(Math.min(CONFIDENCE_MAX, fromFace + support) * 100) / 100,
  };
}

/** The closest any of the track's faces comes to any of the candidate's profile photos. */
function bestSimilarity(faces: number[][], candidate: Candidate): number {
  let best = -1;
  for (const photo of candidate.faceEmbeddings) {
    for (const face of faces) best = Math.max(best, cosineSimilarity(face, photo));
  }
  return best;
}

/**
 * Each track's identity, by track id. One person cannot be in two places at once: when tracks
 * that overlap in time both match the same candidate, only the surer one keeps the name.
 */
export function identifyTracks(tracks: Track[], candidates: Candidate[]): Map<number, Identity> {
  const matched = tracks
    .map((track) => ({ track, identity: identifyTrack(track, candidates) }))
    .filter((match): match is { track: Track; identity: Identity } => match.identity !== null)
    .sort((a, b) => b.identity.confidence - a.identity.confidence);
  const kept: typeof matched = [];
  for (const match of matched) {
    const clash = kept.some(
      (other) =>
        other.identity.candidate.userId === match.identity.candidate.userId &&
        overlap(other.track, match.track),
    );
    if (!clash) kept.push(match);
  }
  return new Map(kept.map(({ track, identity }) => [track.id, identity]));
}

function overlap(a: Track, b: Track): boolean {
  const span = (track: Track) => [track.samples[0]?.t ?? 0, track.samples.at(-1)?.t ?? 0];
  const [aStart, aEnd] = span(a) as [number, number];
  const [bStart, bEnd] = span(b) as [number, number];
  return aStart <= bEnd && bStart <= aEnd;
}

/** The newest identification by hand that points at one of the track's samples, if any. */
function manualFor(
  track: Track,
  manual: readonly ManualIdentification[],
): ManualIdentification | undefined {
  return manual.findLast((named) =>
    track.samples.some(
      (sample) =>
        Math.abs(sample.t - named.timestamp) <= SAME_TIME_S &&
        sample.box.every((value, i) => Math.abs(value - named.box[i]!) <= SAME_BOX),
    ),
  );
}

/**
 * Each track's naming: the coach's by hand first (newest wins), then face matches, which may
 * not give a name the coach put on a track overlapping in time (one person, one place).
 */
export function nameTracks(
  tracks: Track[],
  candidates: Candidate[],
  manual: readonly ManualIdentification[] = [],
): Map<number, Naming> {
  const namings = new Map<number, Naming>();
  for (const track of tracks) {
    const named = manualFor(track, manual);
    if (!named) continue;
    const candidate = candidates.find((c) => c.userId === named.userId);
    namings.set(track.id, {
      identity: candidate ? { candidate, confidence: COACH_CONFIDENCE } : null,
      identifiedBy: 'coach',
    });
  }
  const byHand = tracks.filter((track) => namings.has(track.id));
  for (const [trackId, identity] of identifyTracks(tracks, candidates)) {
    if (namings.has(trackId)) continue;
    const track = tracks.find((t) => t.id === trackId)!;
    const clash = byHand.some(
      (other) =>
        namings.get(other.id)?.identity?.candidate.userId === identity.candidate.userId &&
        overlap(other, track),
    );
    if (!clash) namings.set(trackId, { identity, identifiedBy: 'face' });
  }
  return namings;
}

/** The Players tab's detections: each tracked person every half second, identified or not. */
export function playerDetections(
  tracks: Track[],
  candidates: Candidate[],
  manual: readonly ManualIdentification[] = [],
): PlayerDetection[] {
  const namings = nameTracks(tracks, candidates, manual);
  const detections: PlayerDetection[] = [];
  for (const track of tracks) {
    const naming = namings.get(track.id);
    const identity = naming?.identity ?? null;
    let nextAt = -Infinity;
    for (const sample of track.samples) {
      if (sample.t < nextAt) continue;
      nextAt = sample.t + DETECTION_INTERVAL_S;
      detections.push({
        timestamp: sample.t,
        playerMatchId: identity?.candidate.userId ?? null,
        // How sure: of who it is when identified, of a person being there when not.
        confidence: identity ? identity.confidence : Math.round(sample.score * 100) / 100,
        // No number reader runs: on the fixture clips it read digits only where none were
        // printed (see packages/vision/README.md), so the field the spec names stays empty.
        jerseyNumber: null,
        jerseyColor: track.jerseyColor?.name ?? null,
        faceDetected: sample.face !== undefined,
        box: sample.box,
        trackId: track.id,
        ...(naming?.identity ? { identifiedBy: naming.identifiedBy } : {}),
      });
    }
  }
  return detections.sort((a, b) => a.timestamp - b.timestamp);
}
