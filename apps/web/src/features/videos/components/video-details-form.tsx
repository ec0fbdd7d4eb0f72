import type { Video } from '@filmroom/contract';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../lib/video-limits';
import { SaveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateVideo } from '../api/update-video';

type VideoDetailsFormProps = {
  video: Pick<Video, 'id' | 'title' | 'description'>;
  onDone: () => void;
};

/** Spec §4 edit mode: the title and description inline; saving closes edit mode. */
export function VideoDetailsForm({ video, onDone }: VideoDetailsFormProps) {
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description ?? '');
  const update = useUpdateVideo(video.id, { onSuccess: onDone });
  const ids = { title: useId(), description: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ title: title.trim(), description: description.trim() || null });
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Edit video details"
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          required
          maxLength={TITLE_MAX_LENGTH}
          value={title}
          autoFocus
          disabled={update.isPending}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          maxLength={DESCRIPTION_MAX_LENGTH}
          value={description}
          disabled={update.isPending}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || title.trim() === ''}>
          {update.isPending ? <Spinner /> : <SaveIcon aria-hidden />}
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
