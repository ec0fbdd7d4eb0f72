import type { JerseyColor } from '@filmroom/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { jerseyColors, userJerseyColors } from '../../db/schema';

/** Every colour athletes may choose, in the order the app lists them. */
export async function listJerseyColors(db: Database) {
  return db.select().from(jerseyColors).orderBy(asc(jerseyColors.id));
}

/** The colours a user plays in. */
export async function chosenJerseyColors(db: Database, userId: string): Promise<JerseyColor[]> {
  return db
    .select({ id: jerseyColors.id, color: jerseyColors.color })
    .from(userJerseyColors)
    .innerJoin(jerseyColors, eq(jerseyColors.id, userJerseyColors.colorId))
    .where(eq(userJerseyColors.userId, userId))
    .orderBy(asc(jerseyColors.id));
}

/** Replaces the colours a user plays in. Unknown ids are the caller's to refuse first. */
export async function chooseJerseyColors(db: Database, userId: string, colorIds: number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(userJerseyColors).where(eq(userJerseyColors.userId, userId));
    const unique = [...new Set(colorIds)];
    if (unique.length) {
      await tx.insert(userJerseyColors).values(unique.map((colorId) => ({ userId, colorId })));
    }
  });
}
