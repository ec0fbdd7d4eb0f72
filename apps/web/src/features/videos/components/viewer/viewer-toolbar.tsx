import {
  KeyboardIcon,
  LightbulbIcon,
  LightbulbOffIcon,
  MaximizeIcon,
  MinimizeIcon,
  PauseIcon,
  PersonStandingIcon,
  PlayIcon,
  RectangleHorizontalIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { PLAYBACK_SPEEDS, speedLabel, toPlaybackSpeed } from '@/lib/playback-speed';
import type { PlaybackSpeed } from '@/lib/playback-speed';
import { ZOOM_MAX, ZOOM_MIN, zoomPercent } from '@/lib/zoom';

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
  /** Null where the browser cannot put the player's container fullscreen (an iPhone). */
  fullscreen: { active: boolean; onToggle: () => void } | null;
  /** Null where the page has no wider layout to offer (a phone, or while fullscreen). */
  theatre: { on: boolean; onToggle: () => void } | null;
};

/**
 * Spec §2: the top-left toolbar: tips, speed, zoom out / readout / zoom in, then the player's
 * size (theatre, fullscreen). On a phone it sits under the picture instead, so nothing covers it.
 */
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
  fullscreen,
  theatre,
}: ViewerToolbarProps) {
  return (
    <div
      // A labelled group rather than role="toolbar": its controls are reached with Tab.
      role="group"
      aria-label="Player tools"
      className="z-20 flex flex-wrap items-center justify-center gap-0.5 px-1 pb-1 sm:absolute sm:top-3 sm:left-3 sm:max-w-[calc(100%-1.5rem)] sm:justify-start sm:rounded-lg sm:bg-black/60 sm:p-1 sm:shadow-lg sm:backdrop-blur-md"
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
      {theatre || fullscreen ? (
        <span aria-hidden className="mx-0.5 hidden h-5 w-px bg-white/25 sm:block" />
      ) : null}
      {theatre ? (
        <ToolButton
          onClick={theatre.onToggle}
          aria-label="Theatre mode"
          aria-pressed={theatre.on}
          title={theatre.on ? 'Default view (W)' : 'Theatre mode (W)'}
          className="aria-pressed:bg-white/20"
        >
          <RectangleHorizontalIcon aria-hidden />
        </ToolButton>
      ) : null}
      {fullscreen ? (
        <ToolButton
          onClick={fullscreen.onToggle}
          aria-label={fullscreen.active ? 'Exit fullscreen' : 'Fullscreen'}
          title={fullscreen.active ? 'Exit fullscreen (F or Esc)' : 'Fullscreen (F)'}
        >
          {fullscreen.active ? <MinimizeIcon aria-hidden /> : <MaximizeIcon aria-hidden />}
        </ToolButton>
      ) : null}
    </div>
  );
}
