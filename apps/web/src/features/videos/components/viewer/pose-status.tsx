import type { Poses } from '@filmroom/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';

type PoseStatusProps = { poses: UseQueryResult<Poses> };

/**
 * What the Pose overlay is doing when it has no skeletons to draw: fetching them, failed to
 * (the shared Error toast says why; this offers Retry where the skeletons would be), or the
 * scan found nobody, clear of the toolbar and the timeline.
 */
export function PoseStatus({ poses }: PoseStatusProps) {
  let content = null;
  if (poses.isPending) {
    content = (
      <>
        <Spinner />
        Loading poses...
      </>
    );
  } else if (poses.isError) {
    content = (
      <>
        Poses couldn&apos;t load.
        <button
          type="button"
          onClick={() => void poses.refetch()}
          disabled={poses.isFetching}
          className="pointer-events-auto rounded px-1.5 py-0.5 font-semibold text-signal underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-signal"
        >
          {poses.isFetching ? 'Retrying...' : 'Retry'}
        </button>
      </>
    );
  } else if (poses.data.tracks.length === 0) {
    content = 'No one was measured in this video.';
  }
  if (!content) return null;
  return (
    // Centred over the picture; on a phone, where the frame is short, at its top edge.
    <div className="pointer-events-none absolute inset-x-0 top-2 z-20 flex justify-center px-4 sm:inset-y-0 sm:top-0 sm:items-center">
      <p
        role="status"
        className="flex items-center gap-2 rounded-full bg-black/70 px-3 py-1.5 text-xs font-medium text-white shadow-lg backdrop-blur-md"
      >
        {content}
      </p>
    </div>
  );
}
