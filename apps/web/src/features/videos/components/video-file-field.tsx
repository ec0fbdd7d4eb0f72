import { FileVideoIcon, UploadCloudIcon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { formatBytes } from '../lib/upload-progress';

type VideoFileFieldProps = {
  id: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled: boolean;
  /** A message about the file (none chosen, not a video), shown under the field. */
  error: string | null;
  onError: (message: string | null) => void;
};

// The picker offers video files only (accept="video/*"); a drop can be anything, so it is
// checked here. An empty type means the browser does not know it (.mkv on some systems):
// let the server, which reads the bytes, decide.
function looksLikeVideo(file: File): boolean {
  return file.type === '' || file.type.startsWith('video/');
}

/** Spec §2 Video File: pick a video, or drag one onto the zone. */
export function VideoFileField({
  id,
  file,
  onFileChange,
  disabled,
  error,
  onError,
}: VideoFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = (chosen: File | null) => {
    if (chosen && !looksLikeVideo(chosen)) {
      onError('This file is not a video. Choose a video file (MP4, MOV, WebM, ...).');
      return;
    }
    onError(null);
    onFileChange(chosen);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    choose(event.dataTransfer.files[0] ?? null);
  };

  const clear = () => {
    onFileChange(null);
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Video File</Label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'relative rounded-xl border-2 border-dashed bg-muted/40 transition-colors has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/40',
          dragging && 'border-primary bg-secondary',
          error && 'border-destructive/60',
          disabled && 'opacity-70',
        )}
      >
        <input
          ref={input}
          id={id}
          name="video"
          type="file"
          accept="video/*"
          // Checked in code so the spec's own message shows instead of the browser's.
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          disabled={disabled}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        {file ? (
          <div className="flex items-center gap-3 p-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-secondary text-primary">
              <FileVideoIcon className="size-5" aria-hidden />
            </span>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate text-sm font-semibold">{file.name}</span>
              <span id={hintId} className="text-xs text-muted-foreground">
                {formatBytes(file.size)}
                {file.type ? ` · ${file.type}` : ''}
              </span>
            </div>
            {disabled ? null : (
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                onClick={clear}
                aria-label={`Remove ${file.name}`}
              >
                <XIcon aria-hidden />
              </Button>
            )}
          </div>
        ) : (
          // A pointer convenience: the whole zone opens the picker. Keyboard users reach the
          // (visually hidden) file input itself, whose focus ring the zone shows.
          <div
            aria-hidden
            onClick={() => input.current?.click()}
            className="flex cursor-pointer flex-col items-center gap-2 px-4 py-8 text-center"
          >
            <span className="grid size-12 place-items-center rounded-full bg-secondary text-primary">
              <UploadCloudIcon className="size-6" />
            </span>
            <span className="text-sm font-semibold">
              <span className="text-primary">Choose a video</span> or drag it here
            </span>
          </div>
        )}
        {file ? null : (
          <p id={hintId} className="px-4 pb-4 -mt-3 text-center text-xs text-muted-foreground">
            MP4, MOV, WebM and other common formats, up to a whole game; each is prepared to play in
            any browser. An upload that stopped continues when you choose the same file again.
          </p>
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
