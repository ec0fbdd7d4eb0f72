import { MicIcon, RotateCcwIcon, SquareIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/hooks/use-now';
import { formatTimelineLabel } from '@/lib/format-time';
import type { RecorderState } from './use-voice-recorder';

type VoiceRecorderProps = {
  state: RecorderState;
  onStart: () => void;
  onStop: () => void;
  onDiscard: () => void;
  disabled?: boolean;
};

/** The elapsed time of a recording, ticking while it runs. */
function RecordingClock({ startedAt }: { startedAt: number }) {
  const now = useNow(200);
  return (
    <span data-testid="recording-clock" className="font-mono text-sm tabular-nums">
      {formatTimelineLabel(Math.max(0, (now.getTime() - startedAt) / 1000))}
    </span>
  );
}

/** Spec §2 form: record a voice note, stop, preview it, record again or discard it. */
export function VoiceRecorder({ state, onStart, onStop, onDiscard, disabled }: VoiceRecorderProps) {
  if (state.status === 'recording') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2">
        <span className="relative flex size-3" aria-hidden>
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive/60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-3 rounded-full bg-destructive" />
        </span>
        <span role="status" className="text-sm font-medium">
          Recording
        </span>
        <RecordingClock startedAt={state.startedAt} />
        <Button type="button" variant="destructive" size="sm" className="ml-auto" onClick={onStop}>
          <SquareIcon className="fill-current" aria-hidden />
          Stop
        </Button>
      </div>
    );
  }

  if (state.status === 'recorded') {
    return (
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-2.5">
        <audio controls src={state.url} aria-label="Voice note preview" className="h-10 w-full" />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onStart} disabled={disabled}>
            <RotateCcwIcon aria-hidden />
            Record again
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDiscard} disabled={disabled}>
            <Trash2Icon aria-hidden />
            Discard recording
          </Button>
        </div>
      </div>
    );
  }

  const starting = state.status === 'starting';
  return (
    <Button
      type="button"
      variant="outline"
      className="w-fit"
      onClick={onStart}
      disabled={starting || disabled}
    >
      {starting ? <Spinner /> : <MicIcon aria-hidden />}
      {starting ? 'Starting microphone…' : 'Record voice note'}
    </Button>
  );
}
