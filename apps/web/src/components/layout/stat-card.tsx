import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type StatCardProps = {
  label: string;
  /** Null while loading; a dash is shown when the figure could not be loaded. */
  value: string | null;
  icon: LucideIcon;
  hint?: string;
  failed?: boolean;
};

/** One figure on the Dashboard (Total Videos, Active Athletes, Training Hours). */
export function StatCard({ label, value, icon: Icon, hint, failed = false }: StatCardProps) {
  return (
    <Card
      className="gap-2 px-3 py-3.5 sm:gap-3 sm:px-5 sm:py-5"
      aria-busy={value === null && !failed}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xs leading-tight font-medium text-muted-foreground sm:text-sm">
          {label}
        </h2>
        <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-secondary text-primary sm:grid">
          <Icon className="size-4.5" aria-hidden />
        </span>
      </div>
      {failed ? (
        <p className="text-2xl font-bold tracking-tight text-muted-foreground sm:text-3xl">
          <span aria-hidden>–</span>
          <span className="sr-only">Could not load</span>
        </p>
      ) : value === null ? (
        <>
          <Skeleton className="h-8 w-12 sm:h-9 sm:w-16" />
          <span className="sr-only">Loading</span>
        </>
      ) : (
        <p className="font-display text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
          {value}
        </p>
      )}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
