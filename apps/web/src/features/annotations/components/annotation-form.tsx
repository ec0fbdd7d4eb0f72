import {
  DEFAULT_DISPLAY_SECONDS,
  DISPLAY_SECONDS_MAX,
  DISPLAY_SECONDS_MIN,
} from '@filmroom/contract';
import { NO_TRANSCRIPTION_MESSAGE, type Transcription } from '@filmroom/contract';
import { MapPinIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateAnnotation } from '../api/create-annotation';
import type { VoiceNote } from '../api/create-annotation';
import {
  TranscriptionFailed,
  useTranscribeAudio,
  useTranscriptionStatus,
} from '../api/transcribe-audio';
import { formatNoteTime } from '../lib/note-review';
import { drawingSummary } from '../lib/drawing-description';
import type { JointNear } from '../lib/drawing-description';
import { shapeAnchor } from '../lib/drawing-geometry';
import { voiceNoteFileName } from '../lib/voice-recording';
import { SentimentBadge } from './sentiment-badge';
import type { AnnotationSpot } from './use-annotation-session';
import type { DrawingEditor } from './use-drawing-editor';
import { useVoiceRecorder } from './use-voice-recorder';
import { VoiceRecorder } from './voice-recorder';

type AnnotationFormProps = {
  videoId: string;
  spot: AnnotationSpot;
  onCreated: () => void;
  /** The drawing made on the picture for this note, if the coach is drawing. */
  drawing?: DrawingEditor | null;
  /** No spot was clicked: the pin goes on the drawing's first shape. */
  pinOnDrawing?: boolean;
  /** Names the joint near a point of this frame, for angle descriptions ("at the left knee"). */
  jointNear?: JointNear;
};

/**
 * Spec §2 form: text, a voice note and/or a drawing for the picked spot. A finished recording
 * is sent for transcription first (spec §7); its words fill the text and its sentiment shows.
 * Submit needs text, a recording or a drawing and waits for anything in progress (spec §5).
 * A drawing plays for its display time, and may stop playback on it.
 */
export function AnnotationForm({
  videoId,
  spot,
  onCreated,
  drawing = null,
  pinOnDrawing = false,
  jointNear,
}: AnnotationFormProps) {
  const textId = useId();
  const displayId = useId();
  const [content, setContent] = useState('');
  const [displaySeconds, setDisplaySeconds] = useState(String(DEFAULT_DISPLAY_SECONDS));
  const [pauseHere, setPauseHere] = useState(false);
  const [voiceNote, setVoiceNote] = useState<VoiceNote | null>(null);
  const [heard, setHeard] = useState<Transcription | null>(null);
  const [transcriptionProblem, setTranscriptionProblem] = useState<string | null>(null);
  // Only the latest recording's transcription may fill the text.
  const recordingCount = useRef(0);
  const transcribe = useTranscribeAudio();
  // A server without a speech-to-text engine keeps the recording as it is, and says so.
  const transcribes = useTranscriptionStatus().data?.available !== false;
  const create = useCreateAnnotation(videoId);

  const recorder = useVoiceRecorder((note) => {
    recordingCount.current += 1;
    const recording = recordingCount.current;
    setVoiceNote(note);
    setTranscriptionProblem(null);
    setHeard(null);
    if (!transcribes) return;
    transcribe.mutate(
      { audio: note.blob, fileName: voiceNoteFileName(note.mimeType) },
      {
        onSuccess: (result) => {
          if (recording !== recordingCount.current) return;
          setHeard(result);
          const words = result.transcription.trim();
          if (!words) return;
          // The words fill the text; text the coach typed first stays and the words follow it.
          setContent((current) =>
            current.trim() === '' ? words : `${current.trimEnd()}\n${words}`,
          );
        },
        onError: (error) => {
          if (recording !== recordingCount.current) return;
          setTranscriptionProblem(
            `${error instanceof TranscriptionFailed ? error.reason : error.message} You can still save the voice note.`,
          );
        },
      },
    );
  });

  const discardRecording = () => {
    recordingCount.current += 1;
    recorder.discard();
    setVoiceNote(null);
    setTranscriptionProblem(null);
    if (heard && content === heard.transcription.trim()) setContent('');
    setHeard(null);
  };

  // Recording again replaces the recording, and the words it brought if left as they were.
  const startRecording = () => {
    if (voiceNote) discardRecording();
    recorder.start();
  };

  const recording = recorder.state.status === 'recording' || recorder.state.status === 'starting';
  const transcribing = transcribe.isPending;
  const hasText = content.trim() !== '';
  const shapes = drawing?.shapes ?? [];
  const hasDrawing = shapes.length > 0;
  const seconds = Number(displaySeconds);
  const secondsValid =
    displaySeconds.trim() !== '' &&
    seconds >= DISPLAY_SECONDS_MIN &&
    seconds <= DISPLAY_SECONDS_MAX;
  const firstShape = shapes[0];
  const pin =
    pinOnDrawing && firstShape
      ? (({ x, y }) => ({ xPosition: x, yPosition: y }))(shapeAnchor(firstShape))
      : { xPosition: spot.xPosition, yPosition: spot.yPosition };
  const canSubmit =
    (hasText || voiceNote !== null || hasDrawing) &&
    !recording &&
    !transcribing &&
    (!hasDrawing || secondsValid);
  const heardSentiment =
    heard?.sentiment && heard.transcription.trim() !== '' && content === heard.transcription.trim()
      ? heard.sentiment
      : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || create.isPending) return;
    create.mutate(
      {
        content: content.trim(),
        timestamp: spot.timestamp,
        ...pin,
        endTime: spot.endTime ?? null,
        drawing: drawing?.describe(jointNear) ?? null,
        ...(hasDrawing ? { displaySeconds: seconds, pauseHere } : {}),
        voiceNote,
        sentiment: heard?.sentiment ?? null,
      },
      {
        onSuccess: () => {
          recorder.discard();
          onCreated();
        },
      },
    );
  };

  return (
    <form
      aria-label="New annotation"
      onSubmit={submit}
      className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-signal text-signal-foreground">
          <MapPinIcon className="size-4" aria-hidden />
        </span>
        <div className="grid gap-0.5">
          <h2 className="font-semibold">New annotation</h2>
          <p className="text-sm text-muted-foreground">
            {spot.endTime === null ? 'At' : 'From'}{' '}
            <time data-testid="annotation-time" className="font-mono font-medium text-foreground">
              {formatNoteTime(spot)}
            </time>
            {pinOnDrawing ? (
              <>, pinned on the drawing{drawing && !hasDrawing ? ' once you draw' : ''}.</>
            ) : (
              <>
                , pinned {Math.round(spot.xPosition)}% across and {Math.round(spot.yPosition)}%
                down.{drawing ? '' : ' Click the picture again to move the pin.'}
              </>
            )}
          </p>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={textId}>Note</Label>
        <Textarea
          id={textId}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder="What should the athlete notice at this moment?"
          rows={3}
          className="min-h-20"
          // Drawing first: the keys are the tools' until the coach comes to type.
          autoFocus={!drawing}
        />
        {heardSentiment ? <SentimentBadge sentiment={heardSentiment} /> : null}
      </div>

      <div className="grid gap-2">
        <span className="text-sm font-medium">Voice note</span>
        <VoiceRecorder
          state={recorder.state}
          onStart={startRecording}
          onStop={recorder.stop}
          onDiscard={discardRecording}
          disabled={create.isPending}
        />
        {transcribing ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Transcribing…
          </p>
        ) : null}
        {transcribes ? null : (
          <p data-testid="no-transcription" className="text-sm text-muted-foreground">
            {NO_TRANSCRIPTION_MESSAGE} The recording is saved as it is, without words.
          </p>
        )}
        {transcriptionProblem ? (
          <p role="alert" className="text-sm text-destructive">
            {transcriptionProblem}
          </p>
        ) : null}
      </div>

      {drawing ? (
        <fieldset className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-x-6">
          <legend className="mb-2 text-sm font-medium">Drawing</legend>
          {hasDrawing ? (
            <p className="basis-full text-xs text-muted-foreground">
              <span className="sr-only">Drawing: </span>
              {drawingSummary(drawing.describe(jointNear) ?? { shapes: [] })}
            </p>
          ) : (
            <p className="basis-full text-xs text-muted-foreground">
              Draw on the picture with the tools above.
            </p>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={displayId}>Show drawing for</Label>
            <div className="flex items-center gap-2">
              <Input
                id={displayId}
                type="number"
                inputMode="decimal"
                min={DISPLAY_SECONDS_MIN}
                max={DISPLAY_SECONDS_MAX}
                step={0.5}
                value={displaySeconds}
                onChange={(event) => setDisplaySeconds(event.target.value)}
                aria-invalid={!secondsValid}
                aria-describedby={secondsValid ? undefined : `${displayId}-error`}
                className="w-20"
              />
              <span className="text-sm text-muted-foreground">seconds</span>
            </div>
            {secondsValid ? null : (
              <p id={`${displayId}-error`} className="text-xs text-destructive">
                From {DISPLAY_SECONDS_MIN} to {DISPLAY_SECONDS_MAX} seconds.
              </p>
            )}
          </div>
          <Label className="flex h-10 items-center gap-2 font-normal">
            <Checkbox
              checked={pauseHere}
              onCheckedChange={(checked) => setPauseHere(checked === true)}
            />
            Pause here
            <span className="text-xs text-muted-foreground">(playback stops on the drawing)</span>
          </Label>
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
        {!hasText && !voiceNote && !recording && !hasDrawing ? (
          <p className="mr-auto text-xs text-muted-foreground">
            Add text, a voice note, a drawing, or more than one.
          </p>
        ) : null}
        <Button type="submit" disabled={!canSubmit || create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {create.isPending ? 'Saving...' : 'Save Annotation'}
        </Button>
      </div>
    </form>
  );
}
