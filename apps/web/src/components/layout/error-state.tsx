import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

type ErrorStateProps = {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  /** The heading level that fits where the error shows (h2 by default). */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/** A part of the page that failed to load, with the reason and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
  className,
  titleAs: Title = 'h2',
}: ErrorStateProps) {
  return (
    <Card
      role="alert"
      className={cn(
        'items-center border-destructive/30 bg-destructive/5 px-6 py-10 text-center shadow-none',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-destructive/10 text-destructive">
        <TriangleAlertIcon className="size-6" aria-hidden />
      </span>
      <div className="grid max-w-md gap-1.5">
        <Title className="text-base font-semibold">{title}</Title>
        <p className="text-sm break-words text-muted-foreground">{message}</p>
      </div>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? <Spinner /> : <RotateCwIcon aria-hidden />}
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      ) : null}
    </Card>
  );
}
