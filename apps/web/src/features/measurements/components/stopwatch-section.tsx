import { decimalsFor, formatMoment, realSeconds, stopwatchSeconds } from '@filmroom/contract';
import { FlagIcon, TimerIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { STOPWATCH_NAMES, type StopwatchName } from '../lib/angle-presets';
import { TRACK_FPS } from '../lib/track-point';
import type { Stopwatch } from './use-measure-session';

type StopwatchSectionProps = {
  stopwatch: Stopwatch;
  slowMotionFactor: number | null;
  editable: boolean;
  /**
   * The player's own time, read at the click: the page's copy of it follows `timeupdate`, up
   * to a quarter second behind during playback, and a ground contact lasts about that long.
   */
  readPlayhead: () => number;
  onChange: (change: Partial<Stopwatch>) => void;
  onSeek: (seconds: number) => void;
};

/**
 * Time between two marks set at the playhead (a ground contact, the time to the top of a
 * jump), on the real clock: slowed footage's clip seconds are divided by its factor.
 */
export function StopwatchSection({
  stopwatch,
  slowMotionFactor,
  editable,
  readPlayhead,
  onChange,
  onSeek,
}: StopwatchSectionProps) {
  const id = useId();
  const { start, end } = stopwatch;
  const slowed = slowMotionFactor !== null && slowMotionFactor > 1;
  // Good to a frame of the real clock: 2 decimals at 30 fps, 3 on slowed footage.
  const decimals = decimalsFor(realSeconds(1 / TRACK_FPS, slowMotionFactor));
  const mark = (which: 'start' | 'end', seconds: number | null, label: string) => (
    <div className="grid gap-0.5">
      {editable ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange({ [which]: readPlayhead() })}
          aria-label={`${label} at the playhead`}
        >
          {which === 'start' ? <FlagIcon aria-hidden /> : <TimerIcon aria-hidden />}
          {label}
        </Button>
      ) : (
        <span className="text-xs text-muted-foreground">{label}</span>
      )}
      {seconds === null ? (
        <span className="text-xs text-muted-foreground">not set</span>
      ) : (
        <button
          type="button"
          className="text-left text-xs tabular-nums underline-offset-2 hover:underline"
          onClick={() => onSeek(seconds)}
          aria-label={`Go to the ${which} mark, ${formatMoment(seconds)}`}
        >
          at {formatMoment(seconds)}
        </button>
      )}
    </div>
  );
  return (
    <section aria-labelledby={`${id}-stopwatch`} className="grid gap-2">
      <h2 id={`${id}-stopwatch`} className="text-sm font-semibold">
        4. Stopwatch
      </h2>
      <div className="flex flex-wrap items-start gap-3">
        {mark('start', start, 'Mark start')}
        {mark('end', end, 'Mark end')}
        <NativeSelect
          aria-label="What the stopwatch times"
          className="h-8 py-1 text-xs md:text-xs"
          disabled={!editable}
          value={stopwatch.name}
          onChange={(event) => onChange({ name: event.target.value as StopwatchName })}
        >
          {STOPWATCH_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm" aria-live="polite">
        {start !== null && end !== null ? (
          <>
            {stopwatch.name}:{' '}
            <span className="font-semibold tabular-nums" data-testid="stopwatch-seconds">
              {stopwatchSeconds(start, end, slowMotionFactor).toFixed(decimals)} s
            </span>
            <span className="text-xs text-muted-foreground">
              {slowed
                ? ` real time (${Math.abs(end - start).toFixed(2)} s of clip ÷ ${slowMotionFactor}× slow motion)`
                : ' (to a frame)'}
            </span>
          </>
        ) : (
          <span className="text-xs text-muted-foreground">
            Pause on the first moment and mark the start, then on the last and mark the end.
          </span>
        )}
      </p>
    </section>
  );
}
