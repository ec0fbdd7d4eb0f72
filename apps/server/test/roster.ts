import type { CoachLink } from '@filmroom/contract';
import type { App } from '../src/app';

/**
 * Puts a confirmed athlete on a coach's list the way people do it: the coach invites the
 * address, the athlete accepts in the app. Returns the roster link's id.
 */
export async function addAcceptedStudent(
  app: App,
  coach: { cookie: string },
  athlete: { cookie: string; username: string },
): Promise<string> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/coach/students',
    headers: { cookie: coach.cookie },
    payload: { email: athlete.username },
  });
  if (added.statusCode !== 201) throw new Error(`adding failed: ${added.body}`);
  const invitations = await app.inject({
    url: '/api/roster/coaches',
    headers: { cookie: athlete.cookie },
  });
  const id = added.json<{ id: string }>().id;
  if (!invitations.json<CoachLink[]>().some((link) => link.id === id)) {
    throw new Error('the athlete does not see the invitation: is their address confirmed?');
  }
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/roster/coaches/${id}/accept`,
    headers: { cookie: athlete.cookie },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.body}`);
  return id;
}
