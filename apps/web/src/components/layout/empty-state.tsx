import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** An optional next step, such as a button. */
  children?: ReactNode;
  className?: string;
  /**
   * h1 when the empty state is the whole page (a video that does not exist); deeper inside a
   * titled section of a card.
   */
  titleAs?: 'h1' | 'h2' | 'h3' | 'h4';
};

/** A card that says plainly what will appear in a place that has nothing to show yet. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  titleAs: Title = 'h2',
}: EmptyStateProps) {
  return (
    <Card
      className={cn(
        'items-center border-dashed bg-card/60 px-6 py-12 text-center shadow-none sm:py-16',
        className,
      )}
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground ring-8 ring-secondary/40">
        <Icon className="size-7" aria-hidden />
      </span>
      <div className="grid max-w-md gap-2">
        <Title className="text-lg font-semibold">{title}</Title>
        <p className="text-sm text-pretty text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}
