import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { tagTemplates, users, type TagTemplateRow, type UserRow } from '../../db/schema';
import { teamsReaching } from './video-access';

/** Which code windows the user may read: their own and those shared with a team they are on. */
export function templatesReadableBy(db: Database, user: UserRow): SQL {
  return or(
    eq(tagTemplates.ownerId, user.id),
    inArray(tagTemplates.teamId, teamsReaching(db, user)),
  )!;
}

export type TemplateAccess = { template: TagTemplateRow; ownerName: string };

/** The code window with its owner's name, if the user may read it. */
export async function findTemplateAccess(
  db: Database,
  user: UserRow,
  templateId: string,
): Promise<TemplateAccess | null> {
  const [row] = await db
    .select({ template: tagTemplates, ownerName: users.name })
    .from(tagTemplates)
    .innerJoin(users, eq(users.id, tagTemplates.ownerId))
    .where(and(eq(tagTemplates.id, templateId), templatesReadableBy(db, user)));
  return row ?? null;
}
