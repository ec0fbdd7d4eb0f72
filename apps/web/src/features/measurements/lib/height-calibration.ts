import type { CoachStudentLink, User } from '@filmroom/contract';

/**
 * Calibrating by the athlete's height (issue 32): a line from the top of the head to the soles
 * on a frame where they stand upright is as long as their profile height.
 */

/** The athlete's height as typed (whole or decimal centimetres) in metres; null when not one. */
export function heightMetres(text: string): number | null {
  const cm = Number(text.trim().replace(',', '.'));
  // The profile's range: a typed "1.83" (metres) or "1830" (millimetres) is a mistake, not a scale.
  return text.trim() !== '' && cm >= 50 && cm <= 250 ? cm / 100 : null;
}

/** A person the viewer may calibrate on: themselves, or an athlete of theirs who accepted. */
export type AthleteHeight = { id: string; name: string; heightCm: number };

/**
 * The heights on offer: the viewer's own (an athlete filming themselves), then each athlete on
 * a coach's list who accepted and gave one (the server sends none before they accept).
 */
export function profileHeights(
  me: Pick<User, 'id' | 'heightCm'> | null,
  roster: readonly Pick<CoachStudentLink, 'studentId' | 'status' | 'student'>[],
): AthleteHeight[] {
  const heights: AthleteHeight[] = [];
  if (me?.heightCm) heights.push({ id: me.id, name: 'You', heightCm: me.heightCm });
  for (const link of roster) {
    if (link.status === 'accepted' && link.student.heightCm) {
      heights.push({
        id: link.studentId,
        name: link.student.name,
        heightCm: link.student.heightCm,
      });
    }
  }
  return heights;
}
