import { ArrowLeftIcon, CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Spec §2: unknown paths, and pages the user may not see (Athletes for non-coaches). */
export function NotFoundRoute() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="flex flex-1 flex-col items-center justify-center gap-6 py-16 text-center"
    >
      <title>Page Not Found · FilmRoom</title>
      <span className="grid size-16 place-items-center rounded-2xl bg-secondary text-secondary-foreground ring-8 ring-secondary/40">
        <CompassIcon className="size-8" aria-hidden />
      </span>
      <div className="grid max-w-md gap-3">
        <h1 id="not-found-title" className="text-3xl font-bold tracking-tight">
          404 Page Not Found
        </h1>
        <p className="text-muted-foreground">
          The page you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to
          view it.
        </p>
      </div>
      <Button asChild>
        <Link to="/">
          <ArrowLeftIcon aria-hidden />
          Back to Dashboard
        </Link>
      </Button>
    </section>
  );
}
