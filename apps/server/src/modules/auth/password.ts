import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 25 ms per hash on one core here.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (no such user) it checks against a
 * throwaway hash, so an unknown e-mail costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  const target = storedHash ?? (await (dummyHash ??= hashPassword('not-a-real-password')));
  try {
    const matches = await verify(target, password);
    return matches && storedHash !== undefined;
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}
