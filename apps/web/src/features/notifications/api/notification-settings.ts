import type { NotificationSettings } from '@filmroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';

const NOTIFICATION_SETTINGS_QUERY_KEY = ['/api/notifications/settings'] as const;

function getNotificationSettingsQueryOptions() {
  return queryOptions<NotificationSettings>({
    queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
    // The card shows its own error state.
    meta: { showErrorToast: false },
  });
}

/** How the user wants mail about their notifications: each, a daily digest, or none. */
export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSettings) => {
      const res = await apiRequest('PUT', '/api/notifications/settings', settings);
      return (await res.json()) as NotificationSettings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, settings);
      toastSuccess('Email preference saved');
    },
  });
}
