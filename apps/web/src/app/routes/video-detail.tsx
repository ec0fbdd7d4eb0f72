import {
  ArrowLeftIcon,
  Columns2Icon,
  FileQuestionIcon,
  PencilIcon,
  ScissorsIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { useFoldedSidebar } from '@/components/ui/sidebar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAnalysisRanges } from '@/features/analysis/api/analysis-ranges';
import { AnalysisPanel } from '@/features/analysis/components/analysis-panel';
import { AnnotationBar } from '@/features/annotations/components/annotation-bar';
import { AnnotationDialog } from '@/features/annotations/components/annotation-dialog';
import { AnnotationLayer } from '@/features/annotations/components/annotation-layer';
import { AnnotationsPanel } from '@/features/annotations/components/annotations-panel';
import { useAnnotationSession } from '@/features/annotations/components/use-annotation-session';
import { annotationTimelineMarkers } from '@/features/annotations/lib/annotation-timeline';
import { jointNearIn } from '@/features/annotations/lib/joint-near';
import { useUser } from '@/features/auth/api/get-user';
import { PickVideoDialog } from '@/features/compare/components/pick-video-dialog';
import { compareHref } from '@/features/compare/lib/compare-url';
import { AiCoachDialog } from '@/features/chat/components/ai-coach-dialog';
import { MakeClipDialog } from '@/features/clips/components/make-clip-dialog';
import { rangeAroundMoment, type ClipDraft } from '@/features/clips/lib/clip-range';
import { useRoster } from '@/features/coach/api/get-roster';
import { ExportVideoDialog } from '@/features/exports/components/export-video-dialog';
import { MeasureLayer } from '@/features/measurements/components/measure-layer';
import { MeasurePanel } from '@/features/measurements/components/measure-panel';
import { profileHeights } from '@/features/measurements/lib/height-calibration';
import { useMeasureSession } from '@/features/measurements/components/use-measure-session';
import { DetectionsLayer } from '@/features/players/components/detections-layer';
import { NamePlayerDialog } from '@/features/players/components/name-player-dialog';
import { PlayersPanel } from '@/features/players/components/players-panel';
import { usePlayersOnVideo } from '@/features/players/components/use-players-on-video';
import { personKey } from '@/features/players/lib/detections-on-picture';
import { personBoxAt } from '@/features/players/lib/picked-detection';
import type { PickedDetection } from '@/features/players/lib/picked-detection';
import { ShareVideoDialog } from '@/features/shares/components/share-video-dialog';
import { usePrefetchTagEvents } from '@/features/tagging/api/tag-events';
import { TagPanel } from '@/features/tagging/components/tag-panel';
import { VideoTagTimeline } from '@/features/tagging/components/video-tag-timeline';
import { TeamSharesSection } from '@/features/teams/components/team-shares-section';
import { useStoryboard } from '@/features/videos/api/get-storyboard';
import { isVideoNotFound, useVideo } from '@/features/videos/api/get-video';
import { useVideoPoses } from '@/features/videos/api/get-video-poses';
import { DeleteVideoDialog } from '@/features/videos/components/delete-video-dialog';
import { SharedBadges } from '@/features/videos/components/shared-badges';
import { useTheatreMode } from '@/features/videos/components/use-theatre-mode';
import { VideoDetailsForm } from '@/features/videos/components/video-details-form';
import { VideoPicker } from '@/features/videos/components/video-picker';
import { VideoPlayer } from '@/features/videos/components/video-player';
import type { VideoViewerHandle } from '@/features/videos/components/viewer/video-viewer';
import { poseFrameAt } from '@/lib/pose-skeleton';
import { canEditVideo } from '@/features/videos/lib/video-library';
import { useMediaQuery } from '@/hooks/use-media-query';
import { formatPointTimestamp } from '@/lib/format-time';
import { resolveVideoUrl } from '@/lib/video-url';
import { cn } from '@/lib/utils';

/** Tailwind's `xl`: from here the panels sit beside the player, unless in theatre mode. */
const PANELS_BESIDE_QUERY = '(min-width: 1280px)';

function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit">
      <Link to="/">
        <ArrowLeftIcon aria-hidden />
        Back to Dashboard
      </Link>
    </Button>
  );
}

export function VideoDetailRoute() {
  const { id = '' } = useParams();
  // A fresh page per video: edit mode and playback time never carry over to another one.
  return <VideoDetailPage key={id} id={id} />;
}

/** Spec §2 Video detail. */
function VideoDetailPage({ id }: { id: string }) {
  const video = useVideo(id);
  const location = useLocation();
  // The card's edit icon asks for edit mode straight away.
  const navigate = useNavigate();
  const askedToEdit = (location.state as { edit?: boolean } | null)?.edit === true;
  const [editing, setEditing] = useState(askedToEdit);
  // Taken once: a reload or a return through history should not reopen edit mode.
  useEffect(() => {
    if (askedToEdit) void navigate(location.pathname, { replace: true, state: null });
  }, [askedToEdit, location.pathname, navigate]);
  const [currentTime, setCurrentTime] = useState(0);
  const playerRef = useRef<VideoViewerHandle>(null);
  const annotations = useAnnotationSession(id, playerRef);
  // An angle drawn on a note names the joint at its vertex when the poses measured one there.
  // The Measure tab draws over the picture and reads joints from the scan while it is open.
  const [measureTabOn, setMeasureTabOn] = useState(false);
  const poses = useVideoPoses(id, {
    enabled: (annotations.drawingOn || measureTabOn) && video.data?.analysis != null,
  });
  const measure = useMeasureSession({
    videoId: id,
    src: video.data?.url ? resolveVideoUrl(video.data.url) : null,
    picture:
      video.data?.width && video.data.height
        ? { width: video.data.width, height: video.data.height }
        : null,
    duration: video.data?.duration ?? null,
    poses: poses.data,
    slowMotionFactor: video.data?.analysis?.timing?.slowMotionFactor ?? null,
    active: measureTabOn,
    player: {
      currentTime: () => playerRef.current?.currentTime() ?? 0,
      pause: () => playerRef.current?.pause(),
      seekTo: (seconds) => playerRef.current?.seekTo(seconds),
      markedRange: () => playerRef.current?.markedRange() ?? null,
      reveal: () => playerRef.current?.reveal(),
    },
  });
  // A detection picked in the Players tab: its person is boxed over the picture at its time.
  const [pickedDetection, setPickedDetection] = useState<PickedDetection | null>(null);
  // The Players tab shows each analysed range's players: asked for once the tab is opened.
  const [playersOpened, setPlayersOpened] = useState(false);
  const analysisRanges = useAnalysisRanges(id, { enabled: playersOpened });
  // While the Players tab is open its people are boxed over the video, linked to their rows.
  const [playersTabOn, setPlayersTabOn] = useState(false);
  // The Tag tab (code window, counts, files) is built once it is first opened, not with the
  // page: a game's 1,500 events would otherwise be counted and laid out there, unseen, as they
  // arrive, in the same moment as the timeline is first drawn.
  const [tagOpened, setTagOpened] = useState(false);
  const playersOnVideo = usePlayersOnVideo(
    video.data?.analysis?.playerDetections ?? null,
    analysisRanges.data?.ranges ?? [],
  );
  // "Compare" (this moment) or a coaching point's "Compare with another take" (its moment):
  // A's moment while the other video is picked.
  const [compareFrom, setCompareFrom] = useState<number | null>(null);
  const user = useUser();
  // Profile heights to calibrate on (issue 32): one's own, and a coach's accepted athletes',
  // asked for only once the Measure tab is open.
  const roster = useRoster({ enabled: measureTabOn && user.data?.isCoach === true });
  const athleteHeights = profileHeights(user.data ?? null, roster.data ?? []);
  // Tagged events: their timeline sits under the player; the Tag tab tags and counts them.
  // Asked for with the video, but only the timeline and the tab listen for the answer.
  usePrefetchTagEvents(id);
  // The tag timeline previews the storyboard's frames as the seek bar does (the same request).
  const storyboard = useStoryboard(video.data?.storyboardUrl ?? null);
  // The player takes the width: at 1440 px the folded menu and the wide page give it over 60%.
  useFoldedSidebar();
  const theatre = useTheatreMode();
  // Theatre mode is offered only where there is a side column to move below the player.
  const panelsBeside = useMediaQuery(PANELS_BESIDE_QUERY);
  // The clip being made (from a range note, a coaching point or the marked range), or null.
  const [clipDraft, setClipDraft] = useState<ClipDraft | null>(null);
  // A notification's link (?note=…&reply=…): the video at the note's time, its thread open and
  // the reply in view. Taken once the note and the player are both here, then dropped from the
  // address so closing the dialog is the end of it.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedNote = searchParams.get('note');
  const linkedReply = searchParams.get('reply') ?? undefined;
  const playerReady = video.data !== undefined;
  useEffect(() => {
    if (!linkedNote || !playerReady || !playerRef.current) return;
    const note = annotations.annotations.find((annotation) => annotation.id === linkedNote);
    if (!note) return;
    annotations.open(note, linkedReply);
    setSearchParams({}, { replace: true });
  }, [linkedNote, linkedReply, playerReady, annotations, setSearchParams]);

  if (video.isPending) {
    return (
      // As wide as the page it stands for, so nothing jumps when the video arrives.
      <div data-wide-page>
        <PageLoading>
          <BackToDashboard />
        </PageLoading>
      </div>
    );
  }

  if (video.isError) {
    return (
      <div className="grid gap-6">
        <BackToDashboard />
        {isVideoNotFound(video.error) ? (
          <>
            <title>Video not found · FilmRoom</title>
            <EmptyState
              titleAs="h1"
              icon={FileQuestionIcon}
              title="Video not found"
              description="It may have been deleted, or it was never shared with you."
            >
              <Button asChild variant="outline">
                <Link to="/videos">See all videos</Link>
              </Button>
            </EmptyState>
          </>
        ) : (
          <ErrorState
            title="This video couldn't load"
            message={video.error.message}
            onRetry={() => void video.refetch()}
            retrying={video.isFetching}
          />
        )}
      </div>
    );
  }

  const detail = video.data;
  const editable = canEditVideo(detail);
  const isEditing = editing && editable;
  const coachingPoints = detail.analysis?.coachingPoints ?? [];
  const clippable = detail.status === 'ready';
  // A tagged event plays from the lead before it, as its clip does.
  const playTagEvent = (event: { start: number; leadSeconds: number }) => {
    playerRef.current?.seekTo(Math.max(0, event.start - event.leadSeconds));
    playerRef.current?.play();
  };
  const clipFromMarks = () => {
    const player = playerRef.current;
    // Without marks: a few seconds around the playhead, to adjust in the dialog.
    const range =
      player?.markedRange() ?? rangeAroundMoment(player?.currentTime() ?? 0, detail.duration);
    setClipDraft({
      title: `${detail.title} ${formatPointTimestamp(range.start)}–${formatPointTimestamp(range.end)}`,
      start: Math.round(range.start * 100) / 100,
      end: Math.round(range.end * 100) / 100,
    });
  };

  return (
    <div data-wide-page className="grid gap-6">
      <title>{`${detail.title} · FilmRoom`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToDashboard />
        <div
          className={
            editable
              ? // Six actions in two even rows of three on a phone, rather than a ragged wrap.
                'grid w-full grid-cols-3 gap-1.5 sm:flex sm:w-auto sm:gap-2 [&_button]:max-sm:h-9 [&_button]:max-sm:gap-1.5 [&_button]:max-sm:px-2'
              : 'flex gap-2'
          }
        >
          <Button
            variant="outline"
            disabled={detail.status !== 'ready'}
            onClick={() => setCompareFrom(playerRef.current?.currentTime() ?? currentTime)}
          >
            <Columns2Icon aria-hidden />
            Compare
          </Button>
          {editable ? (
            <NamePlayerDialog
              videoId={detail.id}
              detection={playersOnVideo.naming}
              onClose={() => playersOnVideo.setNaming(null)}
            />
          ) : null}
          <AiCoachDialog
            videoId={detail.id}
            suggestedPrompts={detail.suggestedPrompts}
            onSeek={(seconds) => playerRef.current?.seekTo(seconds)}
          />
          <ExportVideoDialog
            target={{
              kind: 'video',
              videoId: detail.id,
              markedRange: () => playerRef.current?.markedRange() ?? null,
            }}
            disabled={detail.status !== 'ready'}
          />
          {editable ? (
            <>
              <ShareVideoDialog videoId={detail.id} isShared={detail.isShared}>
                <TeamSharesSection
                  thing={{ kind: 'video', id: detail.id }}
                  className="border-t pt-4"
                />
              </ShareVideoDialog>
              <Button variant="outline" onClick={() => setEditing(!isEditing)}>
                {isEditing ? <XIcon aria-hidden /> : <PencilIcon aria-hidden />}
                {isEditing ? 'Cancel Edit' : 'Edit'}
              </Button>
              <DeleteVideoDialog videoId={detail.id} title={detail.title} />
            </>
          ) : null}
        </div>
      </div>

      <div
        data-testid="video-detail-layout"
        className={cn(
          // One column that may not grow past the page: nothing inside scrolls it sideways.
          'grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:gap-8',
          !theatre.on && 'xl:grid-cols-[minmax(0,1fr)_24rem]',
        )}
      >
        {/* Positioned: the tag timeline measures its strip against it before its events come. */}
        <div className="relative grid min-w-0 gap-5">
          {isEditing ? (
            <>
              <h1 className="sr-only">{detail.title}</h1>
              <VideoDetailsForm video={detail} onDone={() => setEditing(false)} />
            </>
          ) : (
            <div className="grid gap-2">
              <h1 className="text-2xl font-bold tracking-tight break-words text-balance sm:text-3xl">
                {detail.title}
              </h1>
              <SharedBadges video={detail} />
            </div>
          )}
          {/* Edge to edge on a phone: the page's side padding would only shrink the picture. */}
          <div className="max-sm:-mx-4">
            <VideoPlayer
              video={detail}
              coachingPoints={coachingPoints}
              onTimeUpdate={setCurrentTime}
              posesAvailable={detail.analysis !== null}
              overlay={(viewer) => (
                <>
                  {playersTabOn ? (
                    <DetectionsLayer
                      viewer={viewer}
                      detections={playersOnVideo.detections}
                      hovered={playersOnVideo.hovered}
                      onHover={playersOnVideo.setHovered}
                      pickedKey={pickedDetection ? personKey(pickedDetection.detection) : null}
                      editable={editable && playersOnVideo.nameable}
                      onChoose={({ detection }, name) => {
                        if (
                          editable &&
                          playersOnVideo.nameable &&
                          detection.trackId !== undefined
                        ) {
                          playerRef.current?.pause();
                          playersOnVideo.setNaming(detection);
                        } else {
                          setPickedDetection({ detection, name });
                        }
                      }}
                    />
                  ) : null}
                  <AnnotationLayer viewer={viewer} session={annotations} />
                  {measureTabOn ? (
                    <MeasureLayer viewer={viewer} session={measure} editable={editable} />
                  ) : null}
                </>
              )}
              timelineMarkers={annotationTimelineMarkers(annotations.annotations, annotations.open)}
              // The Players tab's layer boxes everyone, the picked person too.
              personBox={playersTabOn ? null : personBoxAt(pickedDetection, currentTime)}
              theatre={panelsBeside ? theatre : undefined}
              ref={playerRef}
            />
          </div>
          {detail.duration ? (
            <VideoTagTimeline
              videoId={id}
              duration={detail.duration}
              currentTime={currentTime}
              editable={editable}
              onPlay={playTagEvent}
              storyboard={storyboard.data ?? null}
            />
          ) : null}
          {/* Spec §6: adding notes is editing the video; a prepared one, which has a picture. */}
          {editable && detail.status === 'ready' ? (
            <AnnotationBar
              session={annotations}
              jointNear={
                poses.data && annotations.spot
                  ? jointNearIn(
                      poseFrameAt(poses.data, annotations.spot.timestamp).map(
                        ({ sample }) => sample.keypoints,
                      ),
                    )
                  : undefined
              }
            />
          ) : null}
          {clippable ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button variant="outline" size="sm" onClick={clipFromMarks}>
                <ScissorsIcon aria-hidden />
                Make clip
              </Button>
              <span className="text-xs text-muted-foreground">
                Of the range marked with I and O, or the seconds around the playhead.
              </span>
            </div>
          ) : null}
          {isEditing ? null : (
            <section aria-labelledby="video-description-title" className="grid gap-1.5">
              <h2 id="video-description-title" className="text-sm font-semibold">
                Description
              </h2>
              <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">
                {detail.description || 'No description.'}
              </p>
            </section>
          )}
        </div>

        <Tabs
          defaultValue="analysis"
          onValueChange={(tab) => {
            if (tab === 'players') setPlayersOpened(true);
            if (tab === 'tag') setTagOpened(true);
            setPlayersTabOn(tab === 'players');
            setMeasureTabOn(tab === 'measure');
          }}
        >
          {/* Five tabs fit the 24rem side column and a 375 px phone only with narrower padding. */}
          <TabsList className="w-full [&>[role=tab]]:px-2 max-sm:[&>[role=tab]]:px-1.5">
            <TabsTrigger value="analysis" className="flex-1">
              Analysis
            </TabsTrigger>
            <TabsTrigger value="players" className="flex-1">
              Players
            </TabsTrigger>
            <TabsTrigger value="notes" className="flex-1">
              Notes
              {annotations.annotations.length > 0 ? (
                <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground tabular-nums">
                  {annotations.annotations.length}
                </span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="tag" className="flex-1">
              Tag
            </TabsTrigger>
            <TabsTrigger value="measure" className="flex-1">
              Measure
            </TabsTrigger>
          </TabsList>
          <TabsContent value="analysis">
            <AnalysisPanel
              videoId={detail.id}
              analysis={detail.analysis}
              state={detail.analysisState ?? null}
              editable={editable}
              onSeek={(seconds) => playerRef.current?.seekTo(seconds)}
              currentTime={currentTime}
              duration={detail.duration}
              markedRange={() => playerRef.current?.markedRange() ?? null}
              rangeNotes={annotations.annotations.flatMap((note) =>
                note.endTime === null
                  ? []
                  : [
                      {
                        id: note.id,
                        start: note.timestamp,
                        end: note.endTime,
                        label: note.content || 'Voice note',
                      },
                    ],
              )}
              coachingPointAction={(point) => (
                <>
                  {clippable ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="h-7 px-2.5"
                      aria-label={`Make clip of ${point.title}`}
                      onClick={() =>
                        setClipDraft({
                          title: point.title,
                          ...rangeAroundMoment(point.timestamp, detail.duration),
                        })
                      }
                    >
                      <ScissorsIcon aria-hidden />
                      Clip
                    </Button>
                  ) : null}
                  {detail.status === 'ready' ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="h-7 px-2.5"
                      aria-label={`Compare with another take: ${point.title}`}
                      onClick={() => setCompareFrom(point.timestamp)}
                    >
                      <Columns2Icon aria-hidden />
                      Compare
                    </Button>
                  ) : null}
                </>
              )}
            />
          </TabsContent>
          <TabsContent value="players">
            <PlayersPanel
              videoId={detail.id}
              wholeVideo={detail.analysis?.playerDetections ?? null}
              ranges={analysisRanges}
              currentTime={currentTime}
              editable={editable}
              onSeek={(seconds) => playerRef.current?.seekTo(seconds)}
              picked={pickedDetection}
              shared={playersOnVideo}
              onPick={(picked) => {
                setPickedDetection(picked);
                if (!picked) return;
                // Paused, so the box stays on the person it was measured around.
                playerRef.current?.pause();
                playerRef.current?.seekTo(picked.detection.timestamp);
              }}
            />
          </TabsContent>
          <TabsContent value="measure">
            <MeasurePanel
              session={measure}
              editable={editable}
              poses={{
                available: detail.analysis !== null,
                isPending: poses.isPending,
                isError: poses.isError,
                refetch: () => void poses.refetch(),
              }}
              duration={detail.duration}
              currentTime={currentTime}
              onSeek={(seconds) => playerRef.current?.seekTo(seconds)}
              videoTitle={detail.title}
              athletes={athleteHeights}
            />
          </TabsContent>
          <TabsContent value="notes">
            <AnnotationsPanel
              session={annotations}
              editable={editable}
              rangeNoteAction={
                clippable
                  ? (note) => (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="h-7 px-2.5"
                        aria-label={`Make clip of the note at ${formatPointTimestamp(note.timestamp)}`}
                        onClick={() =>
                          setClipDraft({
                            title: note.content.trim().slice(0, 80) || 'Range note',
                            start: note.timestamp,
                            end: note.endTime ?? note.timestamp,
                          })
                        }
                      >
                        <ScissorsIcon aria-hidden />
                        Clip
                      </Button>
                    )
                  : undefined
              }
            />
          </TabsContent>
          <TabsContent value="tag">
            {!tagOpened ? null : detail.status === 'ready' ? (
              <TagPanel
                videoId={detail.id}
                editable={editable}
                userId={user.data?.id ?? null}
                playhead={() => playerRef.current?.currentTime() ?? currentTime}
                onPlay={playTagEvent}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Tag the game once the video is ready.</p>
            )}
          </TabsContent>
        </Tabs>
      </div>
      <PickVideoDialog
        open={compareFrom !== null}
        onOpenChange={(open) => {
          if (!open) setCompareFrom(null);
        }}
        title="Compare with another take"
        description="Pick the video to put beside this one: another video, or this one again for another moment."
        picker={
          <VideoPicker
            currentVideoId={detail.id}
            onPick={(other) =>
              void navigate(
                compareHref(
                  { videoId: detail.id, seconds: compareFrom ?? 0 },
                  { videoId: other.id, seconds: 0 },
                ),
              )
            }
          />
        }
      />
      <AnnotationDialog session={annotations} editable={editable} userId={user.data?.id ?? null} />
      <MakeClipDialog videoId={detail.id} draft={clipDraft} onClose={() => setClipDraft(null)} />
    </div>
  );
}
