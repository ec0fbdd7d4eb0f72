import type { User } from '@filmroom/contract';
import { Navigate, Route, Routes } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { AdminNav } from '@/features/admin/components/admin-nav';
import { AuditPage } from '@/features/admin/components/audit-page';
import { JobsPage } from '@/features/admin/components/jobs-page';
import { MailPage } from '@/features/admin/components/mail-page';
import { StoragePage } from '@/features/admin/components/storage-page';
import { SystemPage } from '@/features/admin/components/system-page';
import { UsersPage } from '@/features/admin/components/users-page';
import { NotFoundRoute } from './not-found';

/** The Admin area (issue 18, beyond the spec): registered only for administrators. */
export function AdminRoute({ user }: { user: User }) {
  return (
    <>
      <PageHeader
        title="Admin"
        description="Accounts, storage, jobs, mail and settings of this FilmRoom server."
      />
      <AdminNav />
      <Routes>
        <Route index element={<Navigate to="users" replace />} />
        <Route path="users" element={<UsersPage selfId={user.id} />} />
        <Route path="storage" element={<StoragePage />} />
        <Route path="jobs" element={<JobsPage />} />
        <Route path="mail" element={<MailPage />} />
        <Route path="system" element={<SystemPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </>
  );
}
