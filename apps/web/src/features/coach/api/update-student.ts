import type { CoachStudentLink, UpdateStudentBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { refetchAfterRosterChange } from './roster-changed';

function updateStudent(studentId: string, body: UpdateStudentBody): Promise<CoachStudentLink> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('PATCH', `/api/coach/students/${studentId}`, body);
    return (await res.json()) as CoachStudentLink;
  }, 'Failed to update student');
}

/** The name the coach sees, or the e-mail (which points the card at that account). */
export function useUpdateStudent(studentId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStudentBody) => updateStudent(studentId, body),
    onSuccess: () => {
      toastSuccess('Student updated successfully');
      refetchAfterRosterChange(queryClient);
      options.onSuccess?.();
    },
  });
}
