import type { AddStudentBody, CoachStudentLink } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { refetchAfterRosterChange } from './roster-changed';

/** A new e-mail gets an account and an invitation; an existing account is linked as it is. */
function addStudent(body: AddStudentBody): Promise<CoachStudentLink> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('POST', '/api/coach/students', body);
    return (await res.json()) as CoachStudentLink;
  }, 'Failed to add student');
}

export function useAddStudent(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStudent,
    onSuccess: () => {
      toastSuccess('Student added successfully');
      refetchAfterRosterChange(queryClient);
      options.onSuccess?.();
    },
  });
}
