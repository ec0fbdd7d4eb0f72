import type { Annotation, Drawing, PlaylistItem } from '@filmroom/contract';
import { ChevronLeftIcon, ChevronRightIcon, PencilLineIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';

export type PictureRect = { x: number; y: number; width: number; height: number };

type PlaylistPlayerProps = {
  items: PlaylistItem[];
  /** The item playing; the page keeps it so the queue can pick one. */
  index: number;
  onIndexChange: (index: number) => void;
  /** Draws a note's drawing over the picture (the page brings the annotations' renderer). */
  drawingOverlay: (drawing: Drawing, picture: PictureRect, key: string) => ReactNode;
  /** More actions on the clip playing (the page brings Export clip). */
  clipActions?: (item: PlaylistItem) => ReactNode;
};

/** Where the picture sits inside a <video> that letterboxes it (object-fit: contain). */
function pictureOf(video: HTMLVideoElement): PictureRect | null {
  const { clientWidth: width, clientHeight: height, videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight || !width || !height) return null;
  const scale = Math.min(width / videoWidth, height / videoHeight);
  const shown = { width: videoWidth * scale, height: videoHeight * scale };
  return { x: (width - shown.width) / 2, y: (height - shown.height) / 2, ...shown };
}

/** A note is on screen from its moment for its display time, or through its range. */
function showsAt(note: Annotation, videoTime: number): boolean {
  const until = Math.max(note.endTime ?? note.timestamp, note.timestamp + note.displaySeconds);
  return videoTime >= note.timestamp - 0.05 && videoTime <= until;
}

/**
 * Plays the clips one after another (each is its own server-cut MP4 of the range), with the
 * clip's notes beside it and their drawings over the picture at their moments.
 */
export function PlaylistPlayer({
  items,
  index,
  onIndexChange,
  drawingOverlay,
  clipActions,
}: PlaylistPlayerProps) {
  const item = items[index];
  const videoRef = useRef<HTMLVideoElement>(null);
  const [clipTime, setClipTime] = useState(0);
  const [picture, setPicture] = useState<PictureRect | null>(null);
  // Once someone has pressed play, the next clip plays on by itself.
  const [playingOn, setPlayingOn] = useState(false);
  const notesId = useId();

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const measure = () => setPicture(pictureOf(video));
    const observer = new ResizeObserver(measure);
    observer.observe(video);
    return () => observer.disconnect();
  }, [item?.id]);

  if (!item) return null;
  const { clip } = item;
  const videoTime = clip.start + clipTime;
  const drawn = clip.notes.filter((note) => note.drawing && showsAt(note, videoTime));
  const seekTo = (note: Annotation) => {
    const video = videoRef.current;
    if (video) video.currentTime = Math.max(0, note.timestamp - clip.start);
  };

  return (
    <section aria-label="Playlist player" className="grid gap-4">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
        <video
          key={clip.id}
          ref={videoRef}
          src={clip.mediaUrl}
          controls
          playsInline
          preload="metadata"
          autoPlay={playingOn}
          aria-label={`Clip ${index + 1} of ${items.length}: ${clip.title}`}
          className="size-full object-contain"
          onLoadedMetadata={(event) => setPicture(pictureOf(event.currentTarget))}
          onTimeUpdate={(event) => setClipTime(event.currentTarget.currentTime)}
          onPlay={() => setPlayingOn(true)}
          onEnded={() => {
            setClipTime(0);
            if (index + 1 < items.length) onIndexChange(index + 1);
          }}
        />
        {picture ? drawn.map((note) => drawingOverlay(note.drawing!, picture, note.id)) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="font-semibold break-words" aria-live="polite">
            <span className="text-muted-foreground">
              Clip {index + 1} of {items.length}:
            </span>{' '}
            {clip.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {clip.videoTitle ? `${clip.videoTitle} · ` : null}
            {formatPointTimestamp(clip.start)} – {formatPointTimestamp(clip.end)}
          </p>
        </div>
        {/* On a phone the three actions share one even row, Previous and Next said short. */}
        <div
          className={cn(
            'grid w-full gap-2 sm:flex sm:w-auto',
            clipActions ? 'grid-cols-3' : 'grid-cols-2',
          )}
        >
          {clipActions?.(item)}
          <Button
            variant="outline"
            size="sm"
            onClick={() => onIndexChange(index - 1)}
            disabled={index === 0}
            aria-label="Previous clip"
          >
            <ChevronLeftIcon aria-hidden />
            <span>
              Previous<span className="max-sm:hidden"> clip</span>
            </span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onIndexChange(index + 1)}
            disabled={index + 1 >= items.length}
            aria-label="Next clip"
          >
            <span>
              Next<span className="max-sm:hidden"> clip</span>
            </span>
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </div>
      <section aria-labelledby={notesId} className="grid gap-2">
        <h3 id={notesId} className="text-sm font-semibold">
          Notes in this clip
        </h3>
        {clip.notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notes inside this clip’s range.</p>
        ) : (
          <ol className="grid gap-2">
            {clip.notes.map((note) => (
              <li key={note.id}>
                <button
                  type="button"
                  onClick={() => seekTo(note)}
                  className={cn(
                    'grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm transition-colors outline-none hover:border-primary/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    showsAt(note, videoTime) && 'border-primary/60 bg-accent/40',
                  )}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-medium">{note.user.name}</span>
                    <span className="inline-flex items-center gap-1.5 font-mono text-xs text-muted-foreground tabular-nums">
                      {note.drawing ? (
                        <PencilLineIcon className="size-3.5" aria-label="Has a drawing" />
                      ) : null}
                      {formatPointTimestamp(Math.max(0, note.timestamp - clip.start))}
                      {note.endTime !== null
                        ? `–${formatPointTimestamp(Math.min(clip.end, note.endTime) - clip.start)}`
                        : null}
                    </span>
                  </span>
                  <span className="break-words whitespace-pre-wrap">
                    {note.content || (note.audioDuration !== null ? 'Voice note' : 'Drawing')}
                  </span>
                  {note.replies.length > 0 ? (
                    <span className="text-xs text-muted-foreground">
                      {note.replies.length} {note.replies.length === 1 ? 'reply' : 'replies'}
                    </span>
                  ) : null}
                </button>
                {note.audioUrl ? (
                  <audio
                    controls
                    preload="none"
                    src={note.audioUrl}
                    aria-label={`Voice note by ${note.user.name}`}
                    className="mt-1 h-10 w-full"
                  />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
