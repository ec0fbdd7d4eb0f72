import type { BodySide, Skeleton } from '@/lib/pose-skeleton';

type SkeletonShapesProps = {
  skeleton: Skeleton;
  /** The colour of a limb or joint: by body side on the player, one per take in Compare. */
  colour: (side: BodySide) => string;
  limbWidth: number;
  jointRadius: number;
};

/** One measured skeleton as SVG limbs and joints, in the frame's pixels. */
export function SkeletonShapes({ skeleton, colour, limbWidth, jointRadius }: SkeletonShapesProps) {
  return (
    <g data-track={skeleton.trackId}>
      {skeleton.limbs.map((limb, index) => (
        <line
          key={index}
          x1={limb.from.x}
          y1={limb.from.y}
          x2={limb.to.x}
          y2={limb.to.y}
          stroke={colour(limb.side)}
          strokeWidth={limbWidth}
          strokeLinecap="round"
          strokeOpacity={0.9}
        />
      ))}
      {skeleton.joints.map((joint, index) => (
        <circle
          key={index}
          cx={joint.x}
          cy={joint.y}
          r={jointRadius}
          fill={colour(joint.side)}
          stroke="#000000"
          strokeOpacity={0.5}
          strokeWidth={1}
        />
      ))}
    </g>
  );
}
