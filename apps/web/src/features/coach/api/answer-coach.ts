import type { CoachLink, MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { COACHES_QUERY_KEY } from './get-coaches';

export type CoachAnswer = 'accept' | 'decline' | 'leave';

/** Accepts or declines a coach's invitation, or leaves their list. */
async function answerCoach(link: CoachLink, answer: CoachAnswer): Promise<MessageResponse> {
  const res =
    answer === 'leave'
      ? await apiRequest('DELETE', `/api/roster/coaches/${link.id}`)
      : await apiRequest('POST', `/api/roster/coaches/${link.id}/${answer}`);
  return (await res.json()) as MessageResponse;
}

const DONE: Record<CoachAnswer, (coach: string) => string> = {
  accept: (coach) => `You joined ${coach}'s athletes`,
  decline: (coach) => `You declined ${coach}'s invitation`,
  leave: (coach) => `You left ${coach}'s list`,
};

export function useAnswerCoach(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ link, answer }: { link: CoachLink; answer: CoachAnswer }) =>
      answerCoach(link, answer),
    onSuccess: (_message, { link, answer }) => {
      toastSuccess(DONE[answer](link.coach.name));
      void queryClient.invalidateQueries({ queryKey: COACHES_QUERY_KEY });
      options.onSuccess?.();
    },
  });
}
