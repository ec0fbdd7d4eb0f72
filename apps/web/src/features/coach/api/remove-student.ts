import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { refetchAfterRosterChange } from './roster-changed';

/** Takes the athlete off the coach's list; their account stays (spec §6). */
function removeStudent(studentId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `/api/coach/students/${studentId}`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to remove student');
}

export function useRemoveStudent(studentId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeStudent(studentId),
    onSuccess: () => {
      toastSuccess('Student removed successfully');
      refetchAfterRosterChange(queryClient);
      options.onSuccess?.();
    },
  });
}
