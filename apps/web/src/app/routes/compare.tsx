import { useNavigate, useSearchParams } from 'react-router';
import { CompareView } from '@/features/compare/components/compare-view';
import type { RenderVideoPicker } from '@/features/compare/components/compare-view';
import { formatCompareQuery, parseCompareQuery } from '@/features/compare/lib/compare-url';
import { VideoPicker } from '@/features/videos/components/video-picker';
import { useFoldedSidebar } from '@/components/ui/sidebar';

const renderPicker: RenderVideoPicker = ({ onPick, currentVideoId }) => (
  <VideoPicker onPick={(video) => onPick(video.id)} currentVideoId={currentVideoId} />
);

/**
 * Issue 17: /compare?a=<videoId>@<seconds>&b=<videoId>@<seconds>. The address is the whole
 * state (the two videos, their sync points, the overlay), so it can be shared as it is; it is
 * replaced rather than pushed as the sync points move, or Back would step through every nudge.
 */
export function CompareRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Two pictures side by side want the width the folded menu leaves.
  useFoldedSidebar();
  return (
    <CompareView
      query={parseCompareQuery(searchParams)}
      // Written as formatCompareQuery has it: `@` stays readable, where URLSearchParams would
      // escape it.
      onQueryChange={(next) =>
        void navigate({ search: formatCompareQuery(next) }, { replace: true })
      }
      renderPicker={renderPicker}
    />
  );
}
