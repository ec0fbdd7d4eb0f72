import type { AuditEntry } from '@filmroom/contract';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { adminAuditLog, type UserRow } from '../../db/schema';

export type AuditAction =
  | 'user.disable'
  | 'user.enable'
  | 'user.delete'
  | 'user.password-link'
  | 'user.promote'
  | 'user.demote'
  | 'job.retry'
  | 'job.cancel'
  | 'settings.test';

/** Writes what an administrator did: AdminActions, once the action has happened. */
export async function recordAudit(
  db: Database,
  admin: UserRow,
  entry: { action: AuditAction; target: string; detail?: string },
): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminId: admin.id,
    adminEmail: admin.username,
    action: entry.action,
    target: entry.target,
    detail: entry.detail ?? null,
  });
}

export async function listAudit(db: Database, limit = 200): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    adminEmail: row.adminEmail,
    action: row.action,
    target: row.target,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}
