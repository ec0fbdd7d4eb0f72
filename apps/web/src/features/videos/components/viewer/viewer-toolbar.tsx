import {
  KeyboardIcon,
  LightbulbIcon,
  LightbulbOffIcon,
  PauseIcon,
  PersonStandingIcon,
  PlayIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { PLAYBACK_SPEEDS, speedLabel, toPlaybackSpeed } from '../../lib/playback-speed';
import type { PlaybackSpeed } from '../../lib/playback-speed';
import { ZOOM_MAX, ZOOM_MIN, zoomPercent } from '../../lib/zoom';

function ToolButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-md px-2 text-xs font-semibold text-white transition-colors outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-signal disabled:pointer-events-none disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

type ViewerToolbarProps = {
  tipsShown: boolean;
  onToggleTips: () => void;
  speed: PlaybackSpeed;
  onSpeedChange: (speed: PlaybackSpeed) => void;
  zoom: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  /** While zoomed the native controls step aside, so play/pause is offered here. */
  playback: { paused: boolean; onToggle: () => void } | null;
  onShowShortcuts: () => void;
  pose: {
    shown: boolean;
    /** The skeletons come from the analysis scan: nothing to draw before it exists. */
    available: boolean;
    loading: boolean;
    onToggle: () => void;
  };
};

/** Spec §2: the top-left toolbar: tips, speed, zoom out / readout / zoom in. */
export function ViewerToolbar({
  tipsShown,
  onToggleTips,
  speed,
  onSpeedChange,
  zoom,
  onZoomIn,
  onZoomOut,
  playback,
  onShowShortcuts,
  pose,
}: ViewerToolbarProps) {
  return (
    <div
      // A labelled group rather than role="toolbar": its controls are reached with Tab.
      role="group"
      aria-label="Player tools"
      className="absolute top-1.5 left-1.5 z-20 flex max-w-[calc(100%-0.75rem)] flex-wrap items-center gap-0.5 rounded-lg bg-black/60 p-0.5 sm:p-1 shadow-lg backdrop-blur-md sm:top-3 sm:left-3"
    >
      {playback ? (
        <ToolButton onClick={playback.onToggle} aria-label={playback.paused ? 'Play' : 'Pause'}>
          {playback.paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
        </ToolButton>
      ) : null}
      <ToolButton onClick={onToggleTips} aria-pressed={tipsShown}>
        {tipsShown ? <LightbulbOffIcon aria-hidden /> : <LightbulbIcon aria-hidden />}
        {/* Icon only on a phone, where the frame is small; the words stay for screen readers. */}
        <span className="max-sm:sr-only">{tipsShown ? 'Hide Tips' : 'Show Tips'}</span>
      </ToolButton>
      <ToolButton
        onClick={pose.available ? pose.onToggle : undefined}
        aria-pressed={pose.available && pose.shown}
        className="aria-pressed:bg-signal aria-pressed:text-signal-foreground aria-pressed:hover:bg-signal/85"
        // Not `disabled`: a disabled button takes no hover, so its tooltip could not say why.
        aria-disabled={!pose.available || undefined}
        title={
          pose.available
            ? 'Draw the measured skeletons over the video'
            : 'Pose skeletons appear once the analysis is ready'
        }
      >
        {pose.loading ? <Spinner /> : <PersonStandingIcon aria-hidden />}
        <span className="max-sm:sr-only">Pose</span>
      </ToolButton>
      <select
        aria-label="Playback speed"
        value={speed}
        onChange={(event) => onSpeedChange(toPlaybackSpeed(event.target.value))}
        className="h-8 cursor-pointer rounded-md border-0 bg-transparent px-1 text-xs sm:pl-2 font-semibold text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-signal [&>option]:text-foreground"
      >
        {PLAYBACK_SPEEDS.map((option) => (
          <option key={option} value={option}>
            {speedLabel(option)}
          </option>
        ))}
      </select>
      <span aria-hidden className="mx-0.5 hidden h-5 w-px bg-white/25 sm:block" />
      <ToolButton onClick={onZoomOut} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out">
        <ZoomOutIcon aria-hidden />
      </ToolButton>
      <output
        aria-live="polite"
        aria-label="Zoom level"
        className="min-w-10 text-center text-xs font-semibold text-white tabular-nums sm:min-w-11"
      >
        {zoomPercent(zoom)}
      </output>
      <ToolButton onClick={onZoomIn} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in">
        <ZoomInIcon aria-hidden />
      </ToolButton>
      <span aria-hidden className="mx-0.5 hidden h-5 w-px bg-white/25 sm:block" />
      <ToolButton onClick={onShowShortcuts} aria-label="Keyboard shortcuts">
        <KeyboardIcon aria-hidden className="hidden sm:block" />
        <span aria-hidden className="text-sm">
          ?
        </span>
      </ToolButton>
    </div>
  );
}
