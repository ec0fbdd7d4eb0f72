import type { User } from '@filmroom/contract';
import { MailWarningIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useResendConfirmation } from '../api/resend-confirmation';

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40';

/**
 * Above every page until the address is confirmed: anyone can sign up with any address, so
 * what others send to it (shares, coaches' invitations) waits for the link in the mail.
 * `mailKept`: the server has no mail relay, so the link waits in its outbox, which only an
 * administrator can open for an unconfirmed address.
 */
export function EmailConfirmationBanner({ user, mailKept }: { user: User; mailKept: boolean }) {
  const resend = useResendConfirmation();
  if (user.emailConfirmed) return null;
  return (
    <section
      // Named without "email": forms on the page have an Email field of their own.
      aria-label="Unconfirmed address"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3"
    >
      <MailWarningIcon className="size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <div className="grid min-w-0 flex-1 basis-64 gap-0.5 text-sm">
        <p className="font-semibold">Confirm your email address</p>
        <p className="text-muted-foreground">
          {mailKept ? (
            <>
              This server does not send email, so the link for{' '}
              <span className="font-medium wrap-anywhere">{user.username}</span> is in its mail
              outbox:{' '}
              {user.isAdmin ? (
                <>
                  find it in{' '}
                  <Link to="/admin/mail" className={linkClass}>
                    Admin &gt; Mail
                  </Link>
                  .
                </>
              ) : (
                <>ask its administrator for it (Admin &gt; Mail).</>
              )}
            </>
          ) : (
            <>
              We sent a link to <span className="font-medium wrap-anywhere">{user.username}</span>.
            </>
          )}{' '}
          Until you follow it, videos shared with this address and coaches&apos; invitations wait.
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className="shrink-0"
      >
        {resend.isPending ? <Spinner /> : null}
        {resend.isPending ? 'Sending…' : 'Resend link'}
      </Button>
    </section>
  );
}
