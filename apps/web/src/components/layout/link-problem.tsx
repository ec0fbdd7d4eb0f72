import { Link2OffIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type LinkOutcomeProps = {
  icon: LucideIcon;
  title: string;
  /** What happened, announced to screen readers (an alert for a problem). */
  message: ReactNode;
  tone?: 'done' | 'problem';
  /** The way on: buttons or links. */
  children: ReactNode;
};

/** What following a link from an e-mail did, on the signed-out screens' column. */
export function LinkOutcome({
  icon: Icon,
  title,
  message,
  tone = 'done',
  children,
}: LinkOutcomeProps) {
  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <span
          className={cn(
            'grid size-12 place-items-center rounded-2xl',
            tone === 'problem'
              ? 'bg-destructive/10 text-destructive'
              : 'bg-primary/10 text-primary',
          )}
        >
          <Icon className="size-6" aria-hidden />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p role={tone === 'problem' ? 'alert' : 'status'} className="text-sm text-muted-foreground">
          {message}
        </p>
      </div>
      {children}
    </div>
  );
}

/**
 * A link from an e-mail the server refused (used, expired, unknown, or with no token): says why,
 * with the way on below it.
 */
export function LinkProblem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <LinkOutcome
      icon={Link2OffIcon}
      title="This link can't be used"
      message={message}
      tone="problem"
    >
      {children}
    </LinkOutcome>
  );
}
