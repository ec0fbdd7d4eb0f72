import { parentPort } from 'node:worker_threads';
import { loadHuman } from './models';
import type {
  FollowedFrame,
  FrameForInference,
  InferenceRequest,
  InferenceResponse,
  InferenceSettings,
  PersonResult,
} from './inference-protocol';
import { newStageClock, PersonAnalyzer } from './person-analysis';
import type { PersonInFrame } from './person-analysis';
import { cutRgb, torsoBox, torsoScore } from './torso';

/**
 * Inference worker entry: one Human on the WASM backend per thread (WASM runs single-threaded),
 * answering one request at a time.
 */
if (!parentPort) throw new Error('inference-worker must run in a worker thread');
const port = parentPort;

// Loaded before any message is answered; the pool waits for 'ready' before sending work.
// (No top-level await: under Node 20 this file may be compiled to CommonJS, see worker-pool.)
const humanLoading = loadHuman();
let human: Awaited<typeof humanLoading>;
const send = (message: InferenceResponse, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

function withTorsos(
  frame: FrameForInference,
  people: PersonInFrame[],
  transfer: ArrayBuffer[],
): PersonResult[] {
  return people.map((person) => {
    const box = torsoBox(person.keypoints, frame.width, frame.height);
    if (!box) return person;
    const crop = cutRgb(frame.data, frame.width, box);
    transfer.push(crop.data.buffer as ArrayBuffer);
    return { ...person, torso: { box, ...crop, score: torsoScore(person.keypoints) } };
  });
}

function analyzer(settings: InferenceSettings) {
  return new PersonAnalyzer(human, settings, newStageClock());
}

async function answer(request: InferenceRequest): Promise<void> {
  if (request.kind === 'segment') {
    const people = analyzer(request.settings);
    const transfer: ArrayBuffer[] = [];
    const frames = [];
    let followed: PersonInFrame[] = [];
    for (const [i, frame] of request.frames.entries()) {
      const picture = people.picture(frame.data, frame.width, frame.height);
      try {
        const detected = i === 0;
        followed = detected
          ? await people.detectAndPose(picture)
          : await people.follow(picture, followed);
        if (detected) await people.addFaces(picture, followed);
        const found =
          detected && request.settings.torsos ? withTorsos(frame, followed, transfer) : followed;
        frames.push({ index: frame.index, t: frame.t, detected, people: found });
      } finally {
        people.dispose(picture);
      }
    }
    send({ kind: 'segment', id: request.id, frames, clock: people.clock }, transfer);
    return;
  }
  if (request.kind === 'follow') {
    const people = analyzer(request.settings);
    const frames: FollowedFrame[] = [];
    let followed = request.seeds;
    for (const frame of request.frames) {
      const picture = people.picture(frame.data, frame.width, frame.height);
      try {
        followed = await people.follow(picture, followed);
        frames.push({ index: frame.index, t: frame.t, people: followed });
      } finally {
        people.dispose(picture);
      }
    }
    send({ kind: 'follow', id: request.id, frames, clock: people.clock });
    return;
  }
  if (request.kind === 'picture') {
    const people = analyzer(request.settings);
    const { picture: frame } = request;
    const picture = people.picture(frame.data, frame.width, frame.height);
    try {
      const found = await people.detectAndPose(picture);
      await people.addFaces(picture, found);
      const transfer: ArrayBuffer[] = [];
      const result = request.settings.torsos ? withTorsos(frame, found, transfer) : found;
      send({ kind: 'picture', id: request.id, people: result, clock: people.clock }, transfer);
    } finally {
      people.dispose(picture);
    }
    return;
  }
  const people = analyzer({ minPersonScore: 1, minPoseScore: 1, faces: true, torsos: false });
  const { picture: frame } = request;
  const picture = people.picture(frame.data, frame.width, frame.height);
  try {
    const face = await people.mainFace(picture);
    send({ kind: 'profile-face', id: request.id, face: face ?? null });
  } finally {
    people.dispose(picture);
  }
}

port.on('message', (request: InferenceRequest) => {
  answer(request).catch((error: unknown) =>
    send({
      kind: 'error',
      id: request.id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
});
humanLoading.then(
  (loaded) => {
    human = loaded;
    send({ kind: 'ready' });
  },
  (error: unknown) => {
    // Surfaces as the worker's 'error' event in the pool.
    throw error;
  },
);
