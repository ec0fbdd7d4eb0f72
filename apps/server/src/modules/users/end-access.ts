import type { SqlRunner } from '../../jobs/queue';
import type { VideoEvents } from '../events';

/** Someone who may have lost access: by account, or by the e-mail address a share named. */
export type FormerViewer = { userId: string } | { email: string };

/**
 * Call this whenever someone may no longer see what they saw: a share removed, a roster link
 * ended (by the coach or the athlete), a session or an account deleted. Every API process at
 * once stops their live events for what they lost, cuts their media downloads of it and
 * forgets the access it remembered for them; their next request is checked afresh. Run it on
 * the transaction that removes the access (it is delivered at commit), or after that commit.
 */
export async function endAccess(
  events: VideoEvents,
  runner: SqlRunner,
  people: FormerViewer[],
): Promise<void> {
  if (people.length === 0) return;
  await events.publishAccessEnded(runner, {
    userIds: people.flatMap((person) => ('userId' in person ? [person.userId] : [])),
    emails: people.flatMap((person) => ('email' in person ? [person.email] : [])),
    videoIds: [],
  });
}
