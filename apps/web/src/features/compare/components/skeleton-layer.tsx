import type { Poses } from '@filmroom/contract';
import { SkeletonShapes } from '@/components/skeleton-shapes';
import { containedRect } from '@/lib/content-box';
import { poseFrameAt, skeletonShapes } from '@/lib/pose-skeleton';
import { SIDE_COLOUR } from '../lib/side-colours';
import type { SideKey } from '../lib/side-colours';

type SkeletonLayerProps = {
  side: SideKey;
  poses: Poses;
  /** The side's own time: its sync point plus the shared time. */
  time: number;
  frame: { width: number; height: number };
  video: { width: number; height: number };
};

/**
 * One side's measured skeletons in its colour, placed on its picture inside the frame (with
 * the bars object-fit leaves). In the overlay both sides draw into the same frame.
 */
export function SkeletonLayer({ side, poses, time, frame, video }: SkeletonLayerProps) {
  if (frame.width === 0) return null;
  const skeletons = skeletonShapes(poseFrameAt(poses, time), containedRect(frame, video));
  const colour = SIDE_COLOUR[side];
  return (
    <svg
      role="img"
      aria-label={`Skeleton of ${side.toUpperCase()}`}
      data-testid={`compare-skeleton-${side}`}
      className="pointer-events-none absolute inset-0 size-full drop-shadow-[0_1px_1.5px_rgb(0_0_0/0.9)]"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
    >
      {skeletons.map((skeleton) => (
        <SkeletonShapes
          key={skeleton.trackId}
          skeleton={skeleton}
          colour={() => colour}
          limbWidth={3}
          jointRadius={3}
        />
      ))}
    </svg>
  );
}
