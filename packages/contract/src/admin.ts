import { z } from 'zod';
import { outboxMessageSchema } from './mail';

/**
 * The Admin area (issue 18, beyond the spec): whoever runs the server sees its accounts,
 * storage, jobs, kept mail and settings, and every action they take is logged. Every route
 * answers 404 to anyone who is not an administrator.
 */

export const ADMIN_DISABLED_MESSAGE =
  'This account is disabled. Ask whoever runs FilmRoom here to enable it.';

export const adminRoleSchema = z.enum(['admin', 'coach', 'athlete']);
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const adminUserSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    role: adminRoleSchema.describe('admin administers the server (and may also coach)'),
    adminByConfig: z
      .boolean()
      .describe('ADMIN_EMAILS names the address: an administrator that cannot be demoted here'),
    isCoach: z.boolean(),
    emailConfirmed: z.boolean(),
    disabled: z.boolean(),
    lastSeenAt: z.string().nullable().describe('ISO 8601; null: never signed in'),
    createdAt: z.string().describe('ISO 8601'),
    videos: z.number().int().min(0),
    storageBytes: z.number().int().min(0).describe('Files of their videos, photos and exports'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});

export const adminUserListSchema = z
  .object({ users: z.array(adminUserSchema) })
  .meta({ id: 'AdminUserList' });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const deleteAdminUserBodySchema = z
  .object({
    confirmEmail: z
      .string({ error: 'confirmEmail is required: type the address of the account' })
      .trim()
      .toLowerCase(),
  })
  .meta({ id: 'DeleteAdminUserBody' });
export type DeleteAdminUserBody = z.infer<typeof deleteAdminUserBodySchema>;

export const adminStorageSchema = z
  .object({
    blobStore: z.enum(['local', 's3']),
    location: z.string().describe('The folder, or the bucket'),
    totalBytes: z.number().int().min(0).describe('Every file in the store'),
    unownedBytes: z
      .number()
      .int()
      .min(0)
      .describe('Files no account owns: uploads in progress, leftovers the sweep removes'),
    users: z
      .array(
        z.object({
          id: z.string().uuid(),
          name: z.string(),
          email: z.string(),
          bytes: z.number().int().min(0),
          videos: z.number().int().min(0),
        }),
      )
      .describe('Largest first'),
  })
  .meta({ id: 'AdminStorage' });
export type AdminStorage = z.infer<typeof adminStorageSchema>;

export const adminJobStateSchema = z.enum([
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
]);

export const adminJobSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string().describe('The kind of job: media.prepare, vision.scan...'),
    state: adminJobStateSchema,
    videoId: z.string().nullable(),
    videoTitle: z.string().nullable(),
    ownerEmail: z.string().nullable(),
    attempt: z.number().int().min(1),
    attempts: z.number().int().min(1).describe('How many attempts it may have in all'),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    /** How long the running attempt has run, in seconds. */
    runningSeconds: z.number().nullable(),
    completedAt: z.string().nullable(),
    error: z.string().nullable().describe('Why the last attempt failed'),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobListSchema = z
  .object({
    counts: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
    }),
    running: z.array(adminJobSchema),
    queued: z.array(adminJobSchema),
    failed: z.array(adminJobSchema).describe('Newest first, at most 100'),
  })
  .meta({ id: 'AdminJobList' });
export type AdminJobList = z.infer<typeof adminJobListSchema>;

export const adminMailSchema = z
  .object({
    delivery: z.enum(['smtp', 'outbox']),
    messages: z.array(outboxMessageSchema).describe('Newest first, at most 200'),
  })
  .meta({ id: 'AdminMail' });
export type AdminMail = z.infer<typeof adminMailSchema>;

export const SETTINGS_PARTS = ['database', 'blobStore', 'smtp', 'llm', 'stt'] as const;
export const settingsPartSchema = z.enum(SETTINGS_PARTS, {
  error: `part must be one of ${SETTINGS_PARTS.join(', ')}`,
});
export type SettingsPart = z.infer<typeof settingsPartSchema>;

export const settingsCheckSchema = z
  .object({
    parts: z.array(
      z.object({
        part: settingsPartSchema,
        label: z.string(),
        configured: z.boolean().describe('false: the built-in default (or off) is in use'),
        summary: z.string().describe('What is in use, without secrets'),
      }),
    ),
    version: z.string(),
    nodeVersion: z.string(),
    role: z.enum(['all', 'api', 'worker']),
    startedAt: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'SettingsCheck' });
export type SettingsCheck = z.infer<typeof settingsCheckSchema>;

export const settingsTestResultSchema = z
  .object({
    part: settingsPartSchema,
    ok: z.boolean(),
    message: z.string().describe('What happened, in words'),
    milliseconds: z.number(),
  })
  .meta({ id: 'SettingsTestResult' });
export type SettingsTestResult = z.infer<typeof settingsTestResultSchema>;

export const auditEntrySchema = z
  .object({
    id: z.string().uuid(),
    adminEmail: z.string(),
    action: z.string(),
    target: z.string(),
    detail: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z
  .object({ entries: z.array(auditEntrySchema).describe('Newest first, at most 200') })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;

export const adminUserParamsSchema = z.object({
  userId: z.string().uuid({ error: 'User id must be a UUID' }),
});

export const adminJobParamsSchema = z.object({
  jobId: z.string().uuid({ error: 'Job id must be a UUID' }),
});

export const settingsPartParamsSchema = z.object({ part: settingsPartSchema });
