import type { PersonInFrame, StageClock } from './person-analysis';
import type { Box, FaceSample } from './types';

/** Messages between the main thread and an inference worker. Pixel buffers are transferred. */

export interface FrameForInference {
  index: number;
  t: number;
  width: number;
  height: number;
  data: Uint8Array;
}

export interface InferenceSettings {
  minPersonScore: number;
  minPoseScore: number;
  faces: boolean;
  /** Keep the torso pixels of each person on detector frames (for jersey colour and number). */
  torsos: boolean;
}

/**
 * A run of consecutive frames: the detector runs on the first, pose alone follows the people
 * through the rest. Whole segments go to one worker so following never waits on another thread.
 */
interface SegmentRequest {
  kind: 'segment';
  id: number;
  frames: FrameForInference[];
  settings: InferenceSettings;
}

/** A person to follow through a run of frames, as last seen, with the track id to keep. */
export interface FollowSeed extends PersonInFrame {
  track: number;
}

/**
 * A run of frames where people already tracked are followed with pose alone, from where they
 * were last seen: no detector, so each frame costs one pose run per person. Used for the frames
 * sampled at the source rate around fast movements.
 */
interface FollowRequest {
  kind: 'follow';
  id: number;
  frames: FrameForInference[];
  seeds: FollowSeed[];
  settings: InferenceSettings;
}

export interface FollowedFrame {
  index: number;
  t: number;
  people: FollowSeed[];
}

interface PictureRequest {
  kind: 'picture';
  id: number;
  picture: FrameForInference;
  settings: InferenceSettings;
}

interface ProfileFaceRequest {
  kind: 'profile-face';
  id: number;
  picture: FrameForInference;
}

export type InferenceRequest = SegmentRequest | FollowRequest | PictureRequest | ProfileFaceRequest;

/** Torso pixels cut on a detector frame, in the frame's pixel grid. */
export interface TorsoCrop {
  box: Box;
  width: number;
  height: number;
  data: Uint8Array;
  /** Mean keypoint score of shoulders and hips: how sure the region is the torso. */
  score: number;
}

export interface PersonResult extends PersonInFrame {
  torso?: TorsoCrop;
}

export interface FrameResult {
  index: number;
  t: number;
  detected: boolean;
  people: PersonResult[];
}

export type InferenceResponse =
  | { kind: 'ready' }
  | { kind: 'segment'; id: number; frames: FrameResult[]; clock: StageClock }
  | { kind: 'follow'; id: number; frames: FollowedFrame[]; clock: StageClock }
  | { kind: 'picture'; id: number; people: PersonResult[]; clock: StageClock }
  | { kind: 'profile-face'; id: number; face: FaceSample | null }
  | { kind: 'error'; id: number; message: string };
