import { createHash, randomBytes } from 'node:crypto';

/** A new random 256-bit token for a cookie or a mailed link. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: a leaked table cannot be turned back into cookies or links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
