import { UsersRoundIcon } from 'lucide-react';
import { useCoaches } from '../api/get-coaches';
import { InvitationButtons } from './coaches-card';

/**
 * Above every page while a coach's invitation waits for an answer: the athlete decides where
 * they are, without looking for it in Settings.
 */
export function CoachInvitationsBanner({ emailConfirmed }: { emailConfirmed: boolean }) {
  const coaches = useCoaches({ enabled: emailConfirmed });
  const waiting = coaches.data?.filter((link) => link.status === 'pending') ?? [];
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Coach invitations" className="grid gap-2">
      {waiting.map((link) => (
        <div
          key={link.id}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3"
        >
          <UsersRoundIcon className="size-5 shrink-0 text-primary" aria-hidden />
          <p className="min-w-0 flex-1 basis-56 text-sm">
            <strong className="font-semibold">{link.coach.name}</strong> wants to add you to their
            athletes. They&apos;ll see your name and profile photos once you accept.
          </p>
          <span className="flex shrink-0 gap-2">
            <InvitationButtons link={link} />
          </span>
        </div>
      ))}
    </section>
  );
}
