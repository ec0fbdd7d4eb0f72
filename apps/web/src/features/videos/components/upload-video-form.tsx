import { AUTO_DETECT, type MovementChoice } from '@filmroom/contract/values';
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

/**
 * Spec §2 Upload: Title, Description, Video File; progress and Cancel while it uploads. Beyond
 * the spec, the movement to coach (Auto-detect unless the uploader knows better).
 */
export function UploadVideoForm() {
  const navigate = useNavigate();
  const upload = useUploadVideo();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [movement, setMovement] = useState<MovementChoice>(AUTO_DETECT);
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
      // Per call, so it only happens while this page is still open (spec §2: back to /).
      { onSuccess: () => void navigate('/') },
    );
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
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={ids.movement}>Movement</Label>
          <span className="text-xs text-muted-foreground">Optional</span>
        </div>
        <MovementSelect
          id={ids.movement}
          name="movement"
          value={movement}
          disabled={uploading}
          aria-describedby={ids.movementHint}
          onValueChange={setMovement}
        />
        <p id={ids.movementHint} className="text-xs text-muted-foreground">
          Auto-detect recognises what the athlete is doing; pick one when you know it.
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
