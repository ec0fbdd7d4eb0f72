import { CloudOffIcon, RotateCwIcon } from 'lucide-react';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Shown while we learn whether someone is signed in, instead of flashing the sign-in form. */
export function FullPageLoading({ label = 'Loading FilmRoom…' }: { label?: string }) {
  return (
    <div className="grid min-h-svh place-items-center bg-background p-6">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4">
        <LogoMark className="size-12 animate-pulse motion-reduce:animate-none" />
        <span className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {label}
        </span>
      </div>
    </div>
  );
}

type FullPageErrorProps = {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
};

/** The whole app depends on this answer, so its failure gets the page and a way to try again. */
export function FullPageError({ title, message, onRetry, retrying }: FullPageErrorProps) {
  return (
    <main className="grid min-h-svh place-items-center bg-background p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <CloudOffIcon className="size-7" aria-hidden />
        </span>
        <div className="grid gap-2">
          <h1 className="text-xl font-bold">{title}</h1>
          <p className="font-mono text-sm text-muted-foreground">{message}</p>
          <p className="text-sm text-muted-foreground">
            Check your connection, or try again in a moment.
          </p>
        </div>
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCwIcon aria-hidden />}
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      </div>
    </main>
  );
}
