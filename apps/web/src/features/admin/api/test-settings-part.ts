import type { SettingsPart, SettingsTestResult } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { ADMIN_PREFIX } from './admin-query';
import { refreshAdmin } from './users';

/** Runs one part's real test; the outcome, failure included, is the answer. */
export function useTestSettingsPart(part: SettingsPart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withFallbackMessage(async () => {
        const res = await apiRequest('POST', `${ADMIN_PREFIX}/settings/${part}/test`);
        return (await res.json()) as SettingsTestResult;
      }, 'The test could not be run'),
    onSuccess: () => void refreshAdmin(queryClient),
  });
}
