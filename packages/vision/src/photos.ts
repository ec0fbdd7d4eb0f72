import { decodePicture, type RgbPicture } from '@filmroom/media';
import type { InferenceSettings } from './inference-protocol';
import { dominantJerseyColor } from './jersey';
import { fractionBox, fractionFace, fractionKeypoints } from './results';
import type { FaceSample, PeopleInImage } from './types';
import { runPhotoInference } from './photo-inference';

export interface PhotoOptions {
  /** Photos are analysed at most this wide (default 1024). */
  maxWidth?: number;
  minPersonScore?: number;
  faces?: boolean;
}

/**
 * People in a photo: boxes, keypoints, faces with embeddings, jersey colour. Inference runs in the
 * photo worker thread (photo-inference.ts) so a server's event loop never blocks on the models.
 */
export async function detectPeopleInImage(
  image: string | Uint8Array,
  options: PhotoOptions = {},
): Promise<PeopleInImage> {
  const picture = await decodePicture(image, options.maxWidth ?? 1024);
  const settings: InferenceSettings = {
    minPersonScore: options.minPersonScore ?? 0.25,
    minPoseScore: 0.2,
    faces: options.faces ?? true,
    torsos: true,
  };
  const response = await runPhotoInference(
    { kind: 'picture', id: 0, picture: { index: 0, t: 0, ...picture }, settings },
    [picture.data.buffer as ArrayBuffer],
  );
  if (response.kind !== 'picture') throw new Error(`unexpected ${response.kind}`);
  const { width, height } = picture;
  return {
    width,
    height,
    people: response.people.map((person) => {
      const color = person.torso ? dominantJerseyColor(person.torso) : undefined;
      return {
        box: fractionBox(person.box, width, height),
        score: Math.round(person.score * 1000) / 1000,
        keypoints: fractionKeypoints(person.keypoints, width, height),
        ...(person.face ? { face: fractionFace(person.face, width, height, true) } : {}),
        ...(color ? { jerseyColor: color } : {}),
      };
    }),
  };
}

/**
 * The embedding of the main face in a profile photo (the most confident face of the whole
 * picture), or undefined when no face is found.
 */
export async function faceEmbedding(
  image: string | Uint8Array | RgbPicture,
): Promise<FaceSample | undefined> {
  const picture =
    typeof image === 'string' || image instanceof Uint8Array
      ? await decodePicture(image, 1024)
      : { ...image, data: image.data.slice() };
  const response = await runPhotoInference(
    { kind: 'profile-face', id: 0, picture: { index: 0, t: 0, ...picture } },
    [picture.data.buffer as ArrayBuffer],
  );
  if (response.kind !== 'profile-face') throw new Error(`unexpected ${response.kind}`);
  return response.face
    ? fractionFace(response.face, picture.width, picture.height, true)
    : undefined;
}
