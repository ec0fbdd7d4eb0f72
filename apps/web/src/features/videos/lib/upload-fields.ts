import type { UpdateVideoBody } from '@filmroom/contract';
import { AUTO_DETECT, type MovementChoice } from '@filmroom/contract/values';

type UploadFields = { title: string; description: string; movement: MovementChoice };

/**
 * The fields changed since a resumed upload was created (`sent`: its tus Upload-Metadata), as a
 * video update; null when none were. The video is made from the first try's metadata, so what the form says now is sent
 * after it, and the video ends with the fields as they were when the upload finished.
 */
export function fieldsChangedSince(
  sent: Readonly<Record<string, string>>,
  now: UploadFields,
): UpdateVideoBody | null {
  const changes: UpdateVideoBody = {};
  if (sent.title !== now.title) changes.title = now.title;
  if ((sent.description ?? '') !== now.description) changes.description = now.description;
  if ((sent.movement ?? AUTO_DETECT) !== now.movement) changes.movement = now.movement;
  return Object.keys(changes).length > 0 ? changes : null;
}
