import { loadSharp } from '@filmroom/media';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-errors';
import { malformedFormError } from '../../lib/multipart-form';
import { sniffedType } from '../../lib/sniffed-upload';

/** Image types a phone or camera produces that the resizer reads. SVG is never one: it can hold script. */
const PHOTO_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/tiff',
]);
const CHOOSE = 'Choose a photo (JPEG, PNG, WebP, ...).';

// Large enough for face recognition and a sharp avatar, small enough to serve to every card.
const LONG_SIDE = 1024;

/** Reads the one `photo` file of a multipart request into memory, within the size limit. */
export async function receivePhoto(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw badRequest('Send the photo as multipart/form-data with a "photo" file');
  }
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'photo' || photo) {
        part.file.resume(); // not ours: drain it so the rest of the form can be read
        continue;
      }
      photo = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const megabytes = Number((maxBytes / 1024 / 1024).toFixed(1));
      throw new HttpError(413, `The photo is larger than the ${megabytes} MB limit`);
    }
    throw malformedFormError(error) ?? error;
  }
  if (!photo) throw badRequest('A photo file is required (field "photo")');
  return photo;
}

/**
 * Judges the file by its bytes, never its name or the browser's claim, then re-encodes it as a
 * JPEG at most 1024 px on its long side. Re-encoding drops everything but the pixels: EXIF
 * (GPS position, camera serial), XMP and ICC data do not survive. Phone photos are turned
 * upright first, since the orientation flag goes with the rest.
 */
export async function toProfileJpeg(file: Buffer): Promise<Buffer> {
  const mime = await sniffedType(file);
  if (!mime || !PHOTO_TYPES.has(mime)) {
    throw new HttpError(
      415,
      mime
        ? `This file is ${mime}, not a photo. ${CHOOSE}`
        : `This file is not an image we recognise. ${CHOOSE}`,
    );
  }
  const sharp = await loadSharp();
  try {
    return await sharp(file, { failOn: 'error' })
      .rotate()
      .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    // HEIC from some phones needs a codec this build lacks; a damaged file fails the same way.
    throw new HttpError(415, `This image could not be read. ${CHOOSE}`);
  }
}
