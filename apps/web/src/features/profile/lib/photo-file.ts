/**
 * Spec §5: the photo picker accepts image files only. The picker's filter can be bypassed (a
 * drop, "All files"), so a file the browser knows is something else is stopped here. An unknown
 * type (empty) goes to the server, which reads the bytes and has the last word.
 */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type === '' || file.type.startsWith('image/');
}

export const NOT_AN_IMAGE_MESSAGE =
  'This file is not an image. Choose a photo (JPEG, PNG, WebP, ...).';
