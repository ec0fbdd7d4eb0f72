import type { Drawing } from '@filmroom/contract';
import { PenToolIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { drawingSummary } from '../lib/drawing-description';

/** "Drawing: Yellow arrow from …; Angle 94° at the left knee": a drawing in words, on show. */
export function DrawingDescription({
  drawing,
  className,
}: {
  drawing: Drawing;
  className?: string;
}) {
  return (
    <p
      data-testid="drawing-description"
      className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}
    >
      <PenToolIcon className="mt-0.5 size-3 shrink-0" aria-hidden />
      <span>
        <span className="font-medium text-foreground">Drawing:</span> {drawingSummary(drawing)}
      </span>
    </p>
  );
}
