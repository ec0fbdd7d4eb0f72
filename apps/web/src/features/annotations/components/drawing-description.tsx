import type { Drawing } from '@filmroom/contract';
import { PenToolIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { drawingSummary } from '../lib/drawing-description';

/** "Drawing: Yellow arrow from …; Angle 94° at the left knee": a drawing in words, on show. */
export function DrawingDescription({
  drawing,
  clamp = false,
  className,
}: {
  drawing: Drawing;
  /** At most two lines (a list row); the whole of it is still there for screen readers. */
  clamp?: boolean;
  className?: string;
}) {
  return (
    <p
      data-testid="drawing-description"
      className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}
    >
      <PenToolIcon className="mt-0.5 size-3 shrink-0" aria-hidden />
      <span className={cn(clamp && 'line-clamp-2')}>
        <span className="font-medium text-foreground">Drawing:</span> {drawingSummary(drawing)}
      </span>
    </p>
  );
}
