import { clampBox, iou, squareAround } from './geometry';
import type { HumanInstance, HumanTensor } from './models';
import { ONLY_FACE, ONLY_PEOPLE, ONLY_POSE } from './models';
import { KEYPOINT_NAMES } from './types';
import type { Box, FaceSample, Keypoint } from './types';

/**
 * What the models see in one picture, in pixels of that picture. Runs inside an inference
 * worker; tracking and naming happen on the main thread.
 */
export interface PersonInFrame {
  box: Box;
  /** Detector score on detector frames; pose score on frames followed by pose alone. */
  score: number;
  poseScore: number;
  keypoints: Keypoint[];
  face?: FaceSample;
}

export interface AnalysisSettings {
  /** Minimum centernet score for a person (single people score 0.6-0.8, crowds 0.15-0.3). */
  minPersonScore: number;
  /** Below this movenet score a followed person is considered lost until the next detection. */
  minPoseScore: number;
  faces: boolean;
}

export interface StageClock {
  detectMs: number;
  detectRuns: number;
  poseMs: number;
  poseRuns: number;
  faceMs: number;
  faceRuns: number;
}

export function newStageClock(): StageClock {
  return { detectMs: 0, detectRuns: 0, poseMs: 0, poseRuns: 0, faceMs: 0, faceRuns: 0 };
}

/** Human's camelCase part names mapped to COCO's, in movenet's order. */
const PART_INDEX = new Map<string, number>(
  KEYPOINT_NAMES.map((name, i) => [name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), i]),
);

const CONFIDENT = 0.3;
/**
 * Faces narrower than this (pixels of the analysed picture) get no embedding. Measured on the
 * shared fixtures: among faces at least 48 px wide, one person's faces scored 0.595 or more
 * against each other and different people's at most 0.472; with the 25-44 px faces of the clips
 * (and a 23 px face in a photo's background) different people reached 0.667, above the same
 * person's 0.394. A small face's embedding says too little to tell people apart.
 */
const MIN_EMBEDDED_FACE_PX = 48;

export class PersonAnalyzer {
  constructor(
    private readonly human: HumanInstance,
    private readonly settings: AnalysisSettings,
    readonly clock: StageClock = newStageClock(),
  ) {}

  picture(data: Uint8Array, width: number, height: number): HumanTensor {
    return this.human.tf.tensor4d(data, [1, height, width, 3], 'int32');
  }

  dispose(tensor: HumanTensor): void {
    this.human.tf.dispose(tensor);
  }

  /** Centernet on the whole picture: person boxes above the score threshold. */
  async findPeople(picture: HumanTensor): Promise<{ box: Box; score: number }[]> {
    const started = performance.now();
    const result = await this.human.detect(picture, ONLY_PEOPLE);
    this.clock.detectMs += performance.now() - started;
    this.clock.detectRuns++;
    const [, height = 1, width = 1] = picture.shape;
    return result.object
      .filter((o) => o.label === 'person' && o.score >= this.settings.minPersonScore)
      .map((o) => ({ box: clampBox(o.box, width, height), score: o.score }));
  }

  /**
   * Movenet-lightning finds one pose per image, so it runs on a square crop around each person
   * (with context: the model was trained on people centred with margin) and the keypoints are
   * mapped back to the picture.
   */
  async poseIn(
    picture: HumanTensor,
    box: Box,
    context: number,
  ): Promise<{ keypoints: Keypoint[]; score: number }> {
    const [, height = 1, width = 1] = picture.shape;
    const crop = squareAround(box, context, width, height);
    const slice = this.human.tf.slice(picture, [0, crop[1], crop[0], 0], [1, crop[3], crop[2], 3]);
    const started = performance.now();
    try {
      const result = await this.human.detect(slice, ONLY_POSE);
      const body = result.body[0];
      const keypoints: Keypoint[] = KEYPOINT_NAMES.map((name) => ({ name, x: 0, y: 0, score: 0 }));
      if (!body) return { keypoints, score: 0 };
      for (const point of body.keypoints) {
        const index = PART_INDEX.get(point.part);
        if (index === undefined) continue;
        keypoints[index] = {
          name: KEYPOINT_NAMES[index]!,
          x: (point.position[0] ?? 0) + crop[0],
          y: (point.position[1] ?? 0) + crop[1],
          score: point.score,
        };
      }
      return { keypoints, score: body.score };
    } finally {
      this.clock.poseMs += performance.now() - started;
      this.clock.poseRuns++;
      this.human.tf.dispose(slice);
    }
  }

  /**
   * Blazeface + faceres on a square around the head, only when the pose says a face is turned
   * towards the camera and large enough for an embedding to mean something.
   */
  async faceOf(
    picture: HumanTensor,
    person: { box: Box; keypoints: Keypoint[] },
  ): Promise<FaceSample | undefined> {
    const [, height = 1, width = 1] = picture.shape;
    const kp = person.keypoints;
    const nose = kp[0]!;
    const eyes = [kp[1]!, kp[2]!].filter((p) => p.score >= CONFIDENT);
    if (nose.score < 0.4 || eyes.length === 0) return undefined;
    const head = [nose, ...eyes, kp[3]!, kp[4]!].filter((p) => p.score >= CONFIDENT);
    const cx = head.reduce((s, p) => s + p.x, 0) / head.length;
    const cy = head.reduce((s, p) => s + p.y, 0) / head.length;
    const ls = kp[5]!;
    const rs = kp[6]!;
    const shoulders =
      ls.score >= CONFIDENT && rs.score >= CONFIDENT ? Math.hypot(ls.x - rs.x, ls.y - rs.y) : 0;
    const headSize = Math.max(shoulders * 0.6, person.box[2] * 0.35, person.box[3] * 0.12);
    const side = headSize * 2.2;
    if (headSize < 24) return undefined;
    const crop = squareAround([cx - side / 2, cy - side / 2, side, side], 1, width, height);
    const slice = this.human.tf.slice(picture, [0, crop[1], crop[0], 0], [1, crop[3], crop[2], 3]);
    const started = performance.now();
    try {
      const result = await this.human.detect(slice, ONLY_FACE);
      const face = result.face[0];
      if (!face) return undefined;
      return {
        box: [face.box[0] + crop[0], face.box[1] + crop[1], face.box[2], face.box[3]],
        score: face.boxScore ?? face.score,
        ...(face.embedding && face.embedding.length > 0 && face.box[2] >= MIN_EMBEDDED_FACE_PX
          ? { embedding: Array.from(face.embedding) }
          : {}),
      };
    } finally {
      this.clock.faceMs += performance.now() - started;
      this.clock.faceRuns++;
      this.human.tf.dispose(slice);
    }
  }

  /** The largest face in a whole picture, for profile photos; none when too small to recognise. */
  async mainFace(picture: HumanTensor): Promise<FaceSample | undefined> {
    const started = performance.now();
    const result = await this.human.detect(picture, ONLY_FACE);
    this.clock.faceMs += performance.now() - started;
    this.clock.faceRuns++;
    const face = result.face[0];
    if (!face?.embedding || face.embedding.length === 0) return undefined;
    if (face.box[2] < MIN_EMBEDDED_FACE_PX) return undefined;
    return {
      box: face.box,
      score: face.boxScore ?? face.score,
      embedding: Array.from(face.embedding),
    };
  }

  /**
   * Detect, then pose each person. Centernet runs with a loose overlap limit so people standing
   * close are not merged, which means two crops can hold the same body: when movenet lands on a
   * body already posed (the person in front fills the other's crop), the pose is tried again on
   * the upper part of that box, where the two heads are apart; if it still lands on the same body
   * the box was a duplicate and is dropped.
   */
  async detectAndPose(picture: HumanTensor): Promise<PersonInFrame[]> {
    const found = await this.findPeople(picture);
    const people: PersonInFrame[] = [];
    for (const { box, score } of found) {
      const pose = await this.poseIn(picture, box, 1.2);
      people.push({ box, score, poseScore: pose.score, keypoints: pose.keypoints });
    }
    const kept: PersonInFrame[] = [];
    for (const person of rankedPeople(people)) {
      if (!kept.some((k) => samePerson(k, person))) {
        kept.push(person);
        continue;
      }
      const [x, y, w, h] = person.box;
      const upper = await this.poseIn(picture, [x, y, w, h * 0.55], 1.1);
      const retried = { ...person, poseScore: upper.score, keypoints: upper.keypoints };
      if (upper.score >= this.settings.minPoseScore && !kept.some((k) => samePerson(k, retried))) {
        kept.push(retried);
      }
    }
    return kept;
  }

  /**
   * Follows people found on an earlier frame with pose alone: the crop is taken around the last
   * box (wider, for motion) and the box is moved with the keypoints.
   */
  async follow<P extends PersonInFrame>(picture: HumanTensor, previous: P[]): Promise<P[]> {
    const [, height = 1, width = 1] = picture.shape;
    const people: P[] = [];
    for (const before of previous) {
      const pose = await this.poseIn(picture, before.box, 1.4);
      if (pose.score < this.settings.minPoseScore) continue;
      const box = clampBox(movedBox(before, pose.keypoints), width, height);
      // What else the caller attached (a track id) stays; the face was seen on another frame.
      const { face: _face, ...rest } = before;
      const person: PersonInFrame = {
        ...rest,
        box,
        score: pose.score,
        poseScore: pose.score,
        keypoints: pose.keypoints,
      };
      people.push(person as P);
    }
    return withoutDuplicatePoses(people);
  }

  async addFaces(picture: HumanTensor, people: PersonInFrame[]): Promise<void> {
    if (!this.settings.faces) return;
    for (const person of people) {
      const face = await this.faceOf(picture, person);
      if (face) person.face = face;
    }
  }
}

/**
 * Moves a box with the keypoints confident in both frames: by their median shift, scaled by the
 * change of their spread (bounded, as a half-visible limb can make the spread jump).
 */
function movedBox(before: { box: Box; keypoints: Keypoint[] }, after: Keypoint[]): Box {
  const pairs = after
    .map((p, i) => [before.keypoints[i]!, p] as const)
    .filter(([a, b]) => a.score >= CONFIDENT && b.score >= CONFIDENT);
  if (pairs.length < 3) {
    const seen = after.filter((p) => p.score >= CONFIDENT);
    if (seen.length < 3) return before.box;
    const [w, h] = [before.box[2], before.box[3]];
    const cx = seen.reduce((s, p) => s + p.x, 0) / seen.length;
    const cy = seen.reduce((s, p) => s + p.y, 0) / seen.length;
    return [cx - w / 2, cy - h / 2, w, h];
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const dx = median(pairs.map(([a, b]) => b.x - a.x));
  const dy = median(pairs.map(([a, b]) => b.y - a.y));
  const spread = (points: Keypoint[]) => {
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
  };
  const scale = Math.min(
    1.15,
    Math.max(0.87, spread(pairs.map(([, b]) => b)) / spread(pairs.map(([a]) => a))),
  );
  const [x, y, w, h] = before.box;
  const cx = x + w / 2 + dx;
  const cy = y + h / 2 + dy;
  return [cx - (w * scale) / 2, cy - (h * scale) / 2, w * scale, h * scale];
}

/** Two poses on one body: their confident keypoints nearly coincide. */
function samePerson(a: PersonInFrame, b: PersonInFrame): boolean {
  let close = 0;
  let compared = 0;
  const size = Math.max(Math.min(a.box[3], b.box[3]), 1);
  for (let i = 0; i < a.keypoints.length; i++) {
    const p = a.keypoints[i]!;
    const q = b.keypoints[i]!;
    if (p.score < CONFIDENT || q.score < CONFIDENT) continue;
    compared++;
    if (Math.hypot(p.x - q.x, p.y - q.y) < size * 0.08) close++;
  }
  if (compared >= 4) return close / compared >= 0.6;
  return iou(a.box, b.box) > 0.7;
}

function rankedPeople<P extends PersonInFrame>(people: P[]): P[] {
  return [...people].sort((a, b) => b.score + b.poseScore - (a.score + a.poseScore));
}

function withoutDuplicatePoses<P extends PersonInFrame>(people: P[]): P[] {
  const kept: P[] = [];
  for (const person of rankedPeople(people)) {
    if (!kept.some((k) => samePerson(k, person))) kept.push(person);
  }
  return kept;
}
