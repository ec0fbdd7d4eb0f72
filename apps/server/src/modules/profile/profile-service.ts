import type { updateProfileBodySchema } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { chooseJerseyColors, listJerseyColors } from '../users';

type ProfileChanges = z.output<typeof updateProfileBodySchema>;

/** The signed-in user's own profile: only ever their own row, so no permission to check. */
export class ProfileService {
  constructor(private readonly db: Database) {}

  /** Name, player number and height. The e-mail is the sign-in name and is not changed here. */
  async update(user: UserRow, changes: ProfileChanges): Promise<UserRow> {
    const [updated] = await this.db
      .update(users)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        // The form leaves an emptied number out: absent means "no number".
        playerNumber: changes.playerNumber ?? null,
        heightCm: changes.heightCm ?? null,
      })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  }

  /** Replaces the colours the user plays in, refusing ids that are not colour options. */
  async chooseJerseyColors(user: UserRow, colorIds: number[]): Promise<void> {
    const known = new Set((await listJerseyColors(this.db)).map((option) => option.id));
    const unknown = [...new Set(colorIds)].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badRequest(
        `Unknown jersey color id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      );
    }
    await chooseJerseyColors(this.db, user.id, colorIds);
  }
}
