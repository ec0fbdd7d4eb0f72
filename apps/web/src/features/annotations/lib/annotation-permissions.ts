import type { Annotation } from '@filmroom/contract';

/**
 * Who may delete a note or reply (the product decision in issue 5; the server enforces the
 * same): its author, or anyone who may edit the video.
 */
export function canDeleteAnnotation(
  annotation: Pick<Annotation, 'user'>,
  viewer: { editable: boolean; userId: string | null },
): boolean {
  return viewer.editable || annotation.user.id === viewer.userId;
}

/**
 * Who may mark a note resolved or open it again (issue 16; the server enforces the same): the
 * same people who may delete it, its author and anyone who may edit the video.
 */
export function canResolveAnnotation(
  annotation: Pick<Annotation, 'user'>,
  viewer: { editable: boolean; userId: string | null },
): boolean {
  return canDeleteAnnotation(annotation, viewer);
}
