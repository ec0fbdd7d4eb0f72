import { Link2OffIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A link from an e-mail the server refused (used, expired, unknown, or with no token): says why,
 * with the way on below it.
 */
export function LinkProblem({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <span className="grid size-12 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <Link2OffIcon className="size-6" aria-hidden />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">This link can&apos;t be used</h1>
        <p role="alert" className="text-sm text-muted-foreground">
          {message}
        </p>
      </div>
      {children}
    </div>
  );
}
