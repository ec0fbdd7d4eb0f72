import type { VideoDetail } from '@filmroom/contract';
import { ArrowLeftIcon, FileQuestionIcon, HourglassIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isSideUnavailable, useCompareVideo } from '../api/get-compare-video';
import type { CompareMoment, CompareQuery, CompareSide } from '../lib/compare-url';
import type { SideKey } from '../lib/side-colours';
import { CompareSession } from './compare-session';
import { PickVideoDialog } from './pick-video-dialog';

/** The library picker, handed in by the app: `onPick` gets the chosen video's id. */
export type RenderVideoPicker = (options: {
  onPick: (videoId: string) => void;
  currentVideoId?: string;
}) => ReactNode;

type CompareViewProps = {
  query: CompareQuery;
  /** A new comparison for the address (replacing it: the address is the page's state). */
  onQueryChange: (next: {
    a: CompareMoment | null;
    b: CompareMoment | null;
    overlay: boolean;
  }) => void;
  renderPicker: RenderVideoPicker;
};

function momentOf(side: CompareSide): CompareMoment | null {
  return side.kind === 'moment' ? side.moment : null;
}

const DESCRIPTION = 'Two takes side by side, lined up on the same moment.';

/**
 * The Compare view: two videos (or two moments of one) played as one, synced on a marked
 * moment or a detected key event, with the overlay and the numbers of both.
 */
export function CompareView({ query, onQueryChange, renderPicker }: CompareViewProps) {
  const a = momentOf(query.a);
  const b = momentOf(query.b);
  const videoA = useCompareVideo(a?.videoId ?? null);
  const videoB = useCompareVideo(b?.videoId ?? null);
  const [picking, setPicking] = useState<SideKey | null>(null);

  const pick = (side: SideKey, videoId: string) => {
    setPicking(null);
    onQueryChange({ a, b, overlay: query.overlay, [side]: { videoId, seconds: 0 } });
  };
  const sides = { a: { parsed: query.a, video: videoA }, b: { parsed: query.b, video: videoB } };

  /** What stands in for a side that cannot play: why, and a way to choose another video. */
  const problem = (side: SideKey): ReactNode => {
    const { parsed, video } = sides[side];
    const label = side.toUpperCase();
    const other = side === 'a' ? b : a;
    const choose = (
      <Button variant="outline" onClick={() => setPicking(side)}>
        Pick another video for {label}
      </Button>
    );
    if (parsed.kind === 'empty') {
      return (
        <section
          aria-labelledby={`pick-${side}-title`}
          className="grid gap-3 rounded-xl border bg-card p-4"
        >
          <h2 id={`pick-${side}-title`} className="font-semibold">
            {side === 'b' ? 'Pick a video to compare with' : 'Pick the first video'}
          </h2>
          {renderPicker({
            onPick: (videoId) => pick(side, videoId),
            currentVideoId: other?.videoId,
          })}
        </section>
      );
    }
    if (parsed.kind === 'invalid') {
      return (
        <EmptyState
          icon={FileQuestionIcon}
          title={`Video ${label} not found`}
          description={parsed.message}
        >
          {choose}
        </EmptyState>
      );
    }
    if (video.isPending) {
      return (
        <div role="status" aria-label={`Loading video ${label}`} className="grid gap-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="aspect-video w-full rounded-xl" />
        </div>
      );
    }
    if (video.isError) {
      return isSideUnavailable(video.error) ? (
        <EmptyState
          icon={FileQuestionIcon}
          title={`Video ${label} not found`}
          description="It may have been deleted, or it was never shared with you."
        >
          {choose}
        </EmptyState>
      ) : (
        <ErrorState
          title={`Video ${label} couldn't load`}
          message={video.error.message}
          onRetry={() => void video.refetch()}
          retrying={video.isFetching}
        />
      );
    }
    if (!playable(video.data)) {
      return (
        <EmptyState
          icon={HourglassIcon}
          title={`Video ${label} is still being prepared`}
          description={`“${video.data.title}” can be compared once it is ready to play.`}
        >
          {choose}
        </EmptyState>
      );
    }
    return null;
  };

  const problems = { a: problem('a'), b: problem('b') };
  const detailA = videoA.data;
  const detailB = videoB.data;
  return (
    <div data-wide-page className="grid gap-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit">
        <Link to={a ? `/videos/${a.videoId}` : '/videos'}>
          <ArrowLeftIcon aria-hidden />
          {a ? 'Back to the video' : 'Back to Videos'}
        </Link>
      </Button>
      <PageHeader title="Compare" description={DESCRIPTION} />
      {problems.a ||
      problems.b ||
      !a ||
      !b ||
      !detailA ||
      !detailB ||
      !playable(detailA) ||
      !playable(detailB) ? (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          {(['a', 'b'] as const).map((side) => (
            <div key={side} className="grid gap-2" data-testid={`compare-slot-${side}`}>
              {problems[side] ?? <SideSummary side={side} video={sides[side].video.data} />}
            </div>
          ))}
        </div>
      ) : (
        <CompareSession
          // Another video on a side is a fresh session: lengths and readiness start over.
          key={`${a.videoId} ${b.videoId}`}
          videoA={detailA}
          videoB={detailB}
          a={a}
          b={b}
          overlay={query.overlay}
          onChange={onQueryChange}
          onChangeVideo={setPicking}
        />
      )}
      <PickVideoDialog
        open={picking !== null}
        onOpenChange={(open) => {
          if (!open) setPicking(null);
        }}
        title={`Pick video ${picking?.toUpperCase() ?? ''}`}
        description="Any video you can watch: your own, or one shared with you."
        picker={
          picking
            ? renderPicker({
                onPick: (videoId) => pick(picking, videoId),
                currentVideoId: (picking === 'a' ? b : a)?.videoId,
              })
            : null
        }
      />
    </div>
  );
}

function playable(video: VideoDetail): video is VideoDetail & { url: string } {
  return video.status === 'ready' && video.url !== null;
}

/** A side that is fine while the other is not: which video it is. */
function SideSummary({ side, video }: { side: SideKey; video: VideoDetail | undefined }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <p className="text-sm text-muted-foreground">Video {side.toUpperCase()}</p>
      <p className="font-semibold">{video?.title ?? '…'}</p>
    </div>
  );
}
