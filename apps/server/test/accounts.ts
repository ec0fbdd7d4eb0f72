import { randomBytes } from 'node:crypto';
import type { User } from '@filmroom/contract';
import type { App } from '../src/app';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** The `name=value` pair of the session cookie set by a response, ready to send back. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'filmroom_session');
  if (!cookie) throw new Error('the response set no session cookie');
  return `filmroom_session=${cookie.value}`;
}

export async function registerAccount(
  app: App,
  overrides: Partial<{ username: string; password: string; name: string; isCoach: boolean }> = {},
) {
  const body = {
    username: uniqueEmail(),
    password: PASSWORD,
    name: 'Alex Morgan',
    isCoach: false,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  return { user: response.json<User>(), cookie: sessionCookieFrom(response), ...body };
}
