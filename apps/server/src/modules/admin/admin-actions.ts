import type { SettingsPart, SettingsTestResult } from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { recordAudit, type AuditAction } from './audit-log';
import { testSettingsPart } from './settings-check';
import {
  deleteUser,
  demoteUser,
  disableUser,
  enableUser,
  promoteUser,
  sendPasswordLink,
} from './user-admin';

// The app's shared parts, as every route knows them (`app.db`, set by plugins/dependencies.ts).
type Deps = Pick<
  FastifyInstance,
  'db' | 'pool' | 'blobs' | 'jobs' | 'videoEvents' | 'mailer' | 'config' | 'transcriber'
>;

type AuditEntry = { target: string; detail?: string };

/**
 * What an administrator may change, each written to the audit log once it has happened. The
 * log is written here and only here (through `audited`), so an action added to the Admin area
 * cannot forget it; a refused action (4xx) is not recorded.
 */
export class AdminActions {
  constructor(private readonly deps: Deps) {}

  disableUser(admin: UserRow, userId: string): Promise<UserRow> {
    return this.audited(admin, 'user.disable', disableUser(this.deps, admin, userId), (user) => ({
      target: user.username,
    }));
  }

  enableUser(admin: UserRow, userId: string): Promise<UserRow> {
    return this.audited(admin, 'user.enable', enableUser(this.deps, admin, userId), (user) => ({
      target: user.username,
    }));
  }

  promoteUser(admin: UserRow, userId: string): Promise<UserRow> {
    return this.audited(admin, 'user.promote', promoteUser(this.deps, userId), (user) => ({
      target: user.username,
    }));
  }

  demoteUser(admin: UserRow, userId: string): Promise<UserRow> {
    return this.audited(admin, 'user.demote', demoteUser(this.deps, userId), (user) => ({
      target: user.username,
    }));
  }

  /** `origin` is the server's public address, which the link in the mail starts with. */
  sendPasswordLink(admin: UserRow, userId: string, origin: string): Promise<UserRow> {
    return this.audited(
      admin,
      'user.password-link',
      sendPasswordLink(this.deps, admin, userId, origin),
      (user) => ({ target: user.username }),
    );
  }

  deleteUser(
    admin: UserRow,
    userId: string,
    confirmEmail: string,
  ): Promise<{ user: UserRow; videos: number }> {
    return this.audited(
      admin,
      'user.delete',
      deleteUser(this.deps, admin, userId, confirmEmail),
      ({ user, videos }) => ({
        target: user.username,
        detail: `${videos} video${videos === 1 ? '' : 's'} deleted with it`,
      }),
    );
  }

  retryJob(admin: UserRow, jobId: string): Promise<void> {
    const retried = this.deps.jobs.retryFailed(jobId).then((done) => {
      if (!done) {
        throw conflict('Only a failed job can be retried; this one is not (or no longer) failed');
      }
    });
    return this.audited(admin, 'job.retry', retried, () => ({ target: jobId }));
  }

  cancelJob(admin: UserRow, jobId: string): Promise<void> {
    const cancelled = this.deps.jobs.cancel(jobId).then((done) => {
      if (!done) {
        throw conflict('Only a queued or running job can be cancelled; this one has finished');
      }
    });
    return this.audited(admin, 'job.cancel', cancelled, () => ({ target: jobId }));
  }

  /** A test that fails is still done (and recorded): its result says what went wrong. */
  testSettings(admin: UserRow, part: SettingsPart): Promise<SettingsTestResult> {
    return this.audited(admin, 'settings.test', testSettingsPart(this.deps, part), (result) => ({
      target: result.part,
      detail: `${result.ok ? 'passed' : 'failed'}: ${result.message}`,
    }));
  }

  /** Waits for the action, then records what it did; an action refused records nothing. */
  private async audited<T>(
    admin: UserRow,
    action: AuditAction,
    done: Promise<T>,
    entryOf: (result: T) => AuditEntry,
  ): Promise<T> {
    const result = await done;
    await recordAudit(this.deps.db, admin, { action, ...entryOf(result) });
    return result;
  }
}
