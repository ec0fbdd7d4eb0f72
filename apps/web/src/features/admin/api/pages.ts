import type { AdminMail, AdminStorage, AuditLog, SettingsCheck } from '@filmroom/contract';
import { useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-query';

export const useAdminStorage = () => useQuery(adminQuery<AdminStorage>('/storage'));
export const useAdminMail = () => useQuery(adminQuery<AdminMail>('/mail'));
export const useSettingsCheck = () => useQuery(adminQuery<SettingsCheck>('/settings'));
export const useAuditLog = () => useQuery(adminQuery<AuditLog>('/audit'));
