import type { SqlRunner } from '../../jobs/queue';
import { VideoEvents } from '../videos';

/** Someone who may have lost access: by account, or by the e-mail address a share named. */
export type FormerViewer = { userId: string } | { email: string };

/**
 * Call this whenever someone may no longer see what they saw: a share removed, a roster link
 * ended (by the coach or the athlete), an account deleted. Every API process at once stops
 * their live events for what they lost and cuts their media downloads of it; their next
 * request is checked afresh anyway. Run it on the transaction that removes the access (it is
 * delivered at commit), or after that commit.
 */
export async function endAccess(runner: SqlRunner, people: FormerViewer[]): Promise<void> {
  if (people.length === 0) return;
  await VideoEvents.publishAccessEnded(runner, {
    userIds: people.flatMap((person) => ('userId' in person ? [person.userId] : [])),
    emails: people.flatMap((person) => ('email' in person ? [person.email] : [])),
  });
}
