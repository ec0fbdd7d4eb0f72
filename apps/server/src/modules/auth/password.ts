import type * as Argon2 from '@node-rs/argon2';

let argon2: Promise<typeof Argon2> | undefined;
// Loaded at the first password checked or set: a native library (about 2.4 MiB of RSS) that an
// idle server, or a worker process, never needs.
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// OWASP's argon2id baseline (19 MiB, 2 passes): about 25 ms per hash on one core here.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2ID);
}

/**
 * The stored "hash" of an account no password can open yet: an athlete a coach added, until
 * they set one from their invitation. It is not an argon2 hash, so nothing verifies against it.
 */
export const NO_PASSWORD = '!';

export const hasUsablePassword = (storedHash: string) => storedHash !== NO_PASSWORD;

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no usable hash (no such user, or one who has
 * not set a password yet) it checks against a throwaway hash, so neither answers faster than a
 * wrong password would.
 */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  const usable = storedHash !== undefined && hasUsablePassword(storedHash) ? storedHash : undefined;
  const target = usable ?? (await (dummyHash ??= hashPassword('not-a-real-password')));
  const { verify } = await loadArgon2();
  try {
    const matches = await verify(target, password);
    return matches && usable !== undefined;
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}
