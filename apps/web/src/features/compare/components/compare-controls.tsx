import {
  ChevronLeftIcon,
  ChevronRightIcon,
  LayersIcon,
  PauseIcon,
  PlayIcon,
  StepBackIcon,
  StepForwardIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { PLAYBACK_SPEEDS, speedLabel, toPlaybackSpeed } from '@/lib/playback-speed';
import type { PlaybackSpeed } from '@/lib/playback-speed';
import { FRAME_SECONDS, formatSharedTime } from '../lib/sync';

type CompareControlsProps = {
  playing: boolean;
  sharedTime: number;
  range: { start: number; end: number };
  speed: PlaybackSpeed;
  overlay: boolean;
  opacity: number;
  skeletons: boolean;
  /** Skeletons need the analysis of at least one side. */
  skeletonsAvailable: boolean;
  onPlayPause: () => void;
  onStep: (frames: number) => void;
  onSeek: (time: number) => void;
  onSpeed: (speed: PlaybackSpeed) => void;
  onOverlay: (on: boolean) => void;
  onOpacity: (opacity: number) => void;
  onSkeletons: (on: boolean) => void;
  onNudgeB: (frames: number) => void;
};

/** The one control bar: everything in it acts on both sides at once. */
export function CompareControls(props: CompareControlsProps) {
  const { playing, sharedTime, range, speed, overlay, opacity, skeletons } = props;
  const id = useId();
  return (
    <div
      role="group"
      aria-label="Controls for both videos"
      className="grid gap-3 rounded-xl border bg-card p-3"
    >
      <div className="flex items-center gap-3">
        <span className="w-16 shrink-0 text-right font-mono text-xs tabular-nums">
          {formatSharedTime(sharedTime)}
        </span>
        <input
          type="range"
          aria-label="Shared timeline"
          aria-valuetext={`${formatSharedTime(sharedTime)} from the sync point`}
          min={range.start}
          max={range.end}
          step={FRAME_SECONDS}
          value={sharedTime}
          onChange={(event) => props.onSeek(Number(event.target.value))}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
        />
        <span className="w-16 shrink-0 font-mono text-xs text-muted-foreground tabular-nums">
          {formatSharedTime(range.end)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous frame on both"
          title="Previous frame (,)"
          onClick={() => props.onStep(-1)}
        >
          <StepBackIcon aria-hidden />
        </Button>
        <Button
          size="icon"
          aria-label={playing ? 'Pause both' : 'Play both'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
          onClick={props.onPlayPause}
        >
          {playing ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next frame on both"
          title="Next frame (.)"
          onClick={() => props.onStep(1)}
        >
          <StepForwardIcon aria-hidden />
        </Button>
        <NativeSelect
          aria-label="Playback speed"
          wrapperClassName="w-36"
          value={speed}
          onChange={(event) => props.onSpeed(toPlaybackSpeed(event.target.value))}
        >
          {PLAYBACK_SPEEDS.map((option) => (
            <option key={option} value={option}>
              {speedLabel(option)}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant={overlay ? 'default' : 'outline'}
          aria-pressed={overlay}
          onClick={() => props.onOverlay(!overlay)}
        >
          <LayersIcon aria-hidden />
          Overlay
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={skeletons}
            disabled={!props.skeletonsAvailable}
            onChange={(event) => props.onSkeletons(event.target.checked)}
            className="size-4 accent-primary"
          />
          Skeletons
        </label>
      </div>
      {overlay ? (
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-opacity`} className="text-sm">
            Opacity of B
          </label>
          <input
            id={`${id}-opacity`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={opacity}
            aria-valuetext={`${Math.round(opacity * 100)}%`}
            onChange={(event) => props.onOpacity(Number(event.target.value))}
            className="h-2 w-40 cursor-pointer accent-primary"
          />
          <span className="w-10 text-sm tabular-nums">{Math.round(opacity * 100)}%</span>
          <span className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Nudge B back one frame"
              title="Nudge B back one frame ([)"
              onClick={() => props.onNudgeB(-1)}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Nudge B forward one frame"
              title="Nudge B forward one frame (])"
              onClick={() => props.onNudgeB(1)}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
