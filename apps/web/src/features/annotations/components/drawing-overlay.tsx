import type { Drawing } from '@filmroom/contract';
import { cn } from '@/lib/utils';
import { drawingSummary } from '../lib/drawing-description';
import { DrawingShapes } from './drawing-shapes';

/**
 * A saved drawing laid over a picture at `picture` (its rect in the parent, pixels): during
 * playback over the video, in a note's dialog over its still. It takes no pointer events.
 */
export function DrawingOverlay({
  drawing,
  picture,
  className,
  testId = 'drawing-overlay',
}: {
  drawing: Drawing;
  picture: { x: number; y: number; width: number; height: number };
  className?: string;
  testId?: string;
}) {
  return (
    <svg
      role="img"
      aria-label={`Drawing: ${drawingSummary(drawing)}`}
      data-testid={testId}
      width={picture.width}
      height={picture.height}
      className={cn('pointer-events-none absolute', className)}
      style={{ left: picture.x, top: picture.y }}
    >
      <DrawingShapes shapes={drawing.shapes} size={picture} />
    </svg>
  );
}
