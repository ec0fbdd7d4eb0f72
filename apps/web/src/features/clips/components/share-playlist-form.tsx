import type { PlaylistShare } from '@filmroom/contract';
import { Share2Icon, UserRoundXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useRemovePlaylistShare } from '../api/remove-playlist-share';
import { useSharePlaylist } from '../api/share-playlist';

/**
 * Share the playlist with a person by e-mail: they play its clips, and nothing else of the
 * videos they were cut from. It reaches an address once that address is confirmed. View level
 * means view: clips of a video shared with the owner to view keep the playlist unshareable
 * (the server refuses with 403 and says which video).
 */
export function SharePlaylistForm({
  playlistId,
  shares,
}: {
  playlistId: string;
  shares: PlaylistShare[];
}) {
  const [email, setEmail] = useState('');
  const share = useSharePlaylist(playlistId, { onSuccess: () => setEmail('') });
  const removal = useRemovePlaylistShare(playlistId);
  const ids = { heading: useId(), email: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || share.isPending) return;
    share.mutate({ email: email.trim() });
  }

  return (
    <section aria-labelledby={ids.heading} className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id={ids.heading} className="text-sm font-semibold">
        Share playlist
      </h2>
      <p className="text-xs text-muted-foreground">
        They can play these clips and see their notes, on their Playlists page, and nothing else of
        the videos.
      </p>
      <p className="text-xs text-muted-foreground">
        Clips of a video someone shared with you to view are for you alone: a playlist holding them
        can be shared only once its owner gives you edit access to that video.
      </p>
      <form
        onSubmit={submit}
        aria-label="Share the playlist"
        className="flex flex-wrap items-end gap-2"
      >
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="athlete@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={email.trim() === '' || share.isPending}>
          {share.isPending ? <Spinner /> : <Share2Icon aria-hidden />}
          {share.isPending ? 'Sharing…' : 'Share'}
        </Button>
      </form>
      {shares.length > 0 ? (
        <ul aria-label="People with access" className="grid gap-2">
          {shares.map((person) => (
            <li
              key={person.id}
              className="flex min-w-0 items-center gap-2 rounded-lg border py-1.5 pr-1.5 pl-3"
            >
              <span className="grid min-w-0 flex-1">
                <span className="text-sm wrap-anywhere">{person.sharedWithEmail}</span>
                {person.pending ? (
                  <span className="text-xs text-muted-foreground">
                    Pending: waiting for this address to be confirmed
                  </span>
                ) : null}
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Stop sharing with ${person.sharedWithEmail}`}
                disabled={removal.isPending}
                onClick={() => removal.mutate(person.id)}
              >
                <UserRoundXIcon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
