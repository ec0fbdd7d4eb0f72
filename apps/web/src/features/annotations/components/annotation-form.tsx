import type { Transcription } from '@filmroom/contract';
import { MapPinIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateAnnotation } from '../api/create-annotation';
import type { VoiceNote } from '../api/create-annotation';
import { TranscriptionFailed, useTranscribeAudio } from '../api/transcribe-audio';
import { formatNoteTime } from '../lib/note-review';
import { voiceNoteFileName } from '../lib/voice-recording';
import { SentimentBadge } from './sentiment-badge';
import type { AnnotationSpot } from './use-annotation-session';
import { useVoiceRecorder } from './use-voice-recorder';
import { VoiceRecorder } from './voice-recorder';

type AnnotationFormProps = {
  videoId: string;
  spot: AnnotationSpot;
  onCreated: () => void;
};

/**
 * Spec §2 form: text and/or a voice note for the picked spot. A finished recording is sent
 * for transcription first (spec §7); its words fill the text and its sentiment shows. Submit
 * needs text or a recording and waits for anything in progress (spec §5).
 */
export function AnnotationForm({ videoId, spot, onCreated }: AnnotationFormProps) {
  const textId = useId();
  const [content, setContent] = useState('');
  const [voiceNote, setVoiceNote] = useState<VoiceNote | null>(null);
  const [heard, setHeard] = useState<Transcription | null>(null);
  const [transcriptionProblem, setTranscriptionProblem] = useState<string | null>(null);
  // Only the latest recording's transcription may fill the text.
  const recordingCount = useRef(0);
  const transcribe = useTranscribeAudio();
  const create = useCreateAnnotation(videoId);

  const recorder = useVoiceRecorder((note) => {
    recordingCount.current += 1;
    const recording = recordingCount.current;
    setVoiceNote(note);
    setTranscriptionProblem(null);
    setHeard(null);
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
  const canSubmit = (hasText || voiceNote !== null) && !recording && !transcribing;
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
        endTime: spot.endTime ?? null,
        xPosition: spot.xPosition,
        yPosition: spot.yPosition,
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
            , pinned {Math.round(spot.xPosition)}% across and {Math.round(spot.yPosition)}% down.
            Click the picture again to move the pin.
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
          autoFocus
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
        {transcriptionProblem ? (
          <p role="alert" className="text-sm text-destructive">
            {transcriptionProblem}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
        {!hasText && !voiceNote && !recording ? (
          <p className="mr-auto text-xs text-muted-foreground">Add text, a voice note, or both.</p>
        ) : null}
        <Button type="submit" disabled={!canSubmit || create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {create.isPending ? 'Saving...' : 'Save Annotation'}
        </Button>
      </div>
    </form>
  );
}
