import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { serverKeys } from '../../db/schema';

const KEY_NAME = 'unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token in every notification mail's unsubscribe link: the account's id, signed. It works
 * without signing in and never expires, so nothing is stored per mail; it only ever turns that
 * account's notification mail off. The key is made once, by whichever process needs it first,
 * and kept in the database so every process (and every restart) signs alike.
 */
export class UnsubscribeLinks {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Database) {}

  async tokenFor(userId: string): Promise<string> {
    return `${userId}.${await this.signature(userId)}`;
  }

  /** The account a token was signed for, or null for anything the server did not sign. */
  async userOf(token: string): Promise<string | null> {
    const [userId, signature, ...rest] = token.split('.');
    if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
    const expected = Buffer.from(await this.signature(userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  private async signature(userId: string): Promise<string> {
    return createHmac('sha256', await this.loadKey())
      .update(`unsubscribe:${userId}`)
      .digest('base64url');
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      // Two processes starting at once both try; the first key in stays for both.
      await this.db
        .insert(serverKeys)
        .values({ name: KEY_NAME, key: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(serverKeys).where(eq(serverKeys.name, KEY_NAME));
      return Buffer.from(row!.key, 'base64url');
    })().catch((error: unknown) => {
      this.key = undefined; // a database that was away is asked again next time
      throw error;
    });
    return this.key;
  }
}
