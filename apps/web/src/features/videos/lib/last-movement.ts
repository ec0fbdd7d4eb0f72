import type { MovementChoice } from '@filmroom/contract/values';
import { rememberedChoice } from './default-movement';

/**
 * The uploader's last named movement, kept on this device per account (a shared club laptop
 * keeps each coach's own): the upload form's default when no team's sport names one.
 */
function storageKey(userId: string): string {
  return `filmroom:last-movement:${userId}`;
}

export function readLastMovement(userId: string | undefined): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    // Storage blocked (a private window's settings): no last choice to offer.
    return null;
  }
}

export function rememberMovement(userId: string | undefined, choice: MovementChoice): void {
  const movement = rememberedChoice(choice);
  if (!userId || movement === null) return;
  try {
    localStorage.setItem(storageKey(userId), movement);
  } catch {
    // Not remembered; the next upload starts at "Not sure: detect it".
  }
}
