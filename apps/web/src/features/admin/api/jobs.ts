import type { AdminJobList, MessageResponse } from '@filmroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { ADMIN_PREFIX, adminQuery } from './admin-query';
import { refreshAdmin } from './users';

export function useAdminJobs() {
  return useQuery(adminQuery<AdminJobList>('/jobs'));
}

/** Retry a failed job, or cancel a queued or running one. */
export function useJobAction(action: 'retry' | 'cancel', jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withFallbackMessage(async () => {
        const res = await apiRequest('POST', `${ADMIN_PREFIX}/jobs/${jobId}/${action}`);
        return (await res.json()) as MessageResponse;
      }, `Failed to ${action} the job`),
    onSuccess: (answer) => {
      toastSuccess(answer.message);
      void refreshAdmin(queryClient);
    },
  });
}
