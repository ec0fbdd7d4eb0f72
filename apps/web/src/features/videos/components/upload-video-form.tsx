import { AUTO_DETECT, movementLabel, type MovementChoice } from '@filmroom/contract/values';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../lib/video-limits';
import { CircleSlashIcon, UploadIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { MovementSelect } from '@/components/movement/movement-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UploadCancelledError, useUploadVideo } from '../api/upload-video';
import type { UnfinishedUpload } from '../lib/unfinished-uploads';
import { UnfinishedUploads } from './unfinished-uploads';
import { defaultMovement, type DefaultMovement } from '../lib/default-movement';
import { readLastMovement, rememberMovement } from '../lib/last-movement';
import { UploadProgressPanel } from './upload-progress-panel';
import { VideoFileField } from './video-file-field';

/** "Squat session 03.MOV" → "Squat session 03": a title to start from, easy to change. */
function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, TITLE_MAX_LENGTH);
}

/** Why the picker starts where it does, so the uploader knows to check it. */
function movementHint(start: DefaultMovement, movement: MovementChoice): string {
  if (movement === start.choice && start.reason === 'team') {
    return `${movementLabel(start.choice)}, from ${start.team.name}'s sport (${start.team.sport.trim()}). Change it if this clip shows something else.`;
  }
  if (movement === start.choice && start.reason === 'last') {
    return 'Your last choice. Change it if this clip shows something else.';
  }
  if (movement !== AUTO_DETECT) return 'The clip is coached as this movement.';
  return 'Not sure? FilmRoom recognises the movement, and asks you when it cannot tell.';
}

type UploadVideoFormProps = {
  /** The team the upload was started from: its sport picks the movement to start at. */
  team?: { name: string; sport: string } | null;
  /** The uploader, whose last chosen movement is remembered on this device. */
  userId?: string;
};

/**
 * Spec §2 Upload: Title, Description, Video File; progress and Cancel while it uploads. Beyond
 * the spec, what the clip shows: the coach's choice comes first, and "Not sure: detect it"
 * lets FilmRoom recognise it.
 */
export function UploadVideoForm({ team = null, userId }: UploadVideoFormProps) {
  const navigate = useNavigate();
  const upload = useUploadVideo();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // The team's sport, else the uploader's last choice, else "Not sure: detect it". Null until
  // the uploader picks: until then the picker follows the default as it resolves (the teams
  // arrive after the page).
  const start = defaultMovement({ team, lastChoice: readLastMovement(userId) });
  const [picked, setPicked] = useState<MovementChoice | null>(null);
  const movement = picked ?? start.choice;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = {
    title: useId(),
    description: useId(),
    movement: useId(),
    movementHint: useId(),
    file: useId(),
  };
  const uploading = upload.isPending;
  const cancelled = upload.error instanceof UploadCancelledError;

  // Closing or reloading the tab stops the upload (choosing the same file again continues it):
  // ask first.
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      setFileError('Please select a video file');
      document.getElementById(ids.file)?.focus();
      return;
    }
    upload.mutate(
      { title: title.trim(), description: description.trim(), movement, file },
      {
        onSuccess: () => {
          rememberMovement(userId, movement);
          // Per call, so it only happens while this page is still open (spec §2: back to /).
          void navigate('/');
        },
      },
    );
  }

  /**
   * Takes an unfinished upload's details and asks for its file: the same file picked again
   * continues on the server from its last byte (tus finds it by the file's fingerprint).
   */
  function resume(unfinished: UnfinishedUpload) {
    setTitle(unfinished.title);
    setDescription(unfinished.description);
    setPicked(unfinished.movement);
    const fileInput = document.getElementById(ids.file);
    fileInput?.focus();
    fileInput?.click();
  }

  // With no file the submit button is disabled (spec §2), which also stops Enter from
  // submitting; send it through anyway so the person hears what is missing.
  function submitOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !file) {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="grid gap-6" aria-busy={uploading}>
      {uploading ? null : <UnfinishedUploads onResume={resume} />}
      <div className="grid gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          name="title"
          required
          maxLength={TITLE_MAX_LENGTH}
          placeholder="e.g. Back squat, session 3"
          value={title}
          disabled={uploading}
          onKeyDown={submitOnEnter}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={ids.description}>Description</Label>
          <span className="text-xs text-muted-foreground">Optional</span>
        </div>
        <Textarea
          id={ids.description}
          name="description"
          maxLength={DESCRIPTION_MAX_LENGTH}
          placeholder="What should the analysis look at? Drill, context, what you're working on."
          value={description}
          disabled={uploading}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>

      <VideoFileField
        id={ids.file}
        file={file}
        disabled={uploading}
        error={fileError}
        onError={setFileError}
        onFileChange={(chosen) => {
          setFile(chosen);
          upload.reset();
          if (chosen && title.trim() === '') setTitle(titleFromFileName(chosen.name));
        }}
      />

      <div className="grid gap-2">
        <Label htmlFor={ids.movement}>What does the clip show?</Label>
        <MovementSelect
          id={ids.movement}
          name="movement"
          value={movement}
          disabled={uploading}
          aria-describedby={ids.movementHint}
          onValueChange={setPicked}
        />
        <p id={ids.movementHint} className="text-xs text-muted-foreground">
          {movementHint(start, movement)}
        </p>
      </div>

      {uploading && upload.progress && file ? (
        <UploadProgressPanel
          fileName={file.name}
          progress={upload.progress}
          resumedFrom={upload.resumedFrom}
          reconnecting={upload.reconnecting}
          onCancel={upload.cancel}
        />
      ) : null}

      {cancelled ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border bg-muted/60 px-3 py-2.5 text-sm text-muted-foreground"
        >
          <CircleSlashIcon className="size-4 shrink-0" aria-hidden />
          Upload cancelled. Nothing was saved.
        </p>
      ) : null}

      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={!file || uploading}
          className="w-full sm:w-auto sm:min-w-40"
        >
          {uploading ? <Spinner /> : <UploadIcon aria-hidden />}
          {uploading ? 'Uploading...' : 'Upload Video'}
        </Button>
      </div>
    </form>
  );
}
