import type { AccessLevel, Share } from '@filmroom/contract';
import { Share2Icon, UserRoundXIcon, UsersRoundIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Loaded } from '@/components/layout/loaded';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useShares } from '../api/get-shares';
import { useRemoveShare } from '../api/remove-share';
import { useShareVideo } from '../api/share-video';
import { ACCESS_LEVEL_OPTIONS, DEFAULT_ACCESS_LEVEL, isAccessLevel } from '../lib/access-level';

type ShareVideoDialogProps = {
  videoId: string;
  /** True when someone else shared this video with the viewer (at edit access, to get here). */
  isShared: boolean;
  /** More ways to share, below the people (the teams feature's, composed by the page). */
  children?: ReactNode;
};

/**
 * Spec §2 Share dialog (owner or edit access only): an e-mail, the access level (view by
 * default), and the people it is shared with, each removable or changed in place.
 */
export function ShareVideoDialog({ videoId, isShared, children }: ShareVideoDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2Icon aria-hidden />
          Share
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share Video</DialogTitle>
          <DialogDescription>
            Give a teammate or another coach access by email. They get an email with a link to the
            video.
          </DialogDescription>
        </DialogHeader>
        <ShareForm videoId={videoId} />
        <Separator />
        {/* Spec §6: the share list is loaded only for videos not shared to the viewer. */}
        {isShared ? (
          <p className="text-sm text-muted-foreground">
            This video was shared with you, so only its owner sees the full list of people it is
            shared with.
          </p>
        ) : (
          <ShareList videoId={videoId} enabled={open} />
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({ videoId }: { videoId: string }) {
  const [email, setEmail] = useState('');
  const [accessLevel, setAccessLevel] = useState<AccessLevel>(DEFAULT_ACCESS_LEVEL);
  const emailInput = useRef<HTMLInputElement>(null);
  const share = useShareVideo(videoId, {
    onSuccess: () => {
      setEmail('');
      setAccessLevel(DEFAULT_ACCESS_LEVEL);
      emailInput.current?.focus();
    },
  });
  const ids = { form: useId(), email: useId(), level: useId() };
  const empty = email.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (empty || share.isPending) return;
    share.mutate({ email: email.trim(), accessLevel });
  }

  return (
    <form aria-label="Share with someone" onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <div className="grid gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            ref={emailInput}
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="teammate@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.level}>Access level</Label>
          <NativeSelect
            id={ids.level}
            name="accessLevel"
            value={accessLevel}
            onChange={(event) => {
              if (isAccessLevel(event.target.value)) setAccessLevel(event.target.value);
            }}
          >
            {ACCESS_LEVEL_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p className="-mt-1 text-xs text-muted-foreground">
        View lets them watch and chat with the AI Coach. Edit also lets them change, share and
        delete the video.
      </p>
      <Button
        type="submit"
        disabled={empty || share.isPending}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {share.isPending ? <Spinner /> : <Share2Icon aria-hidden />}
        {share.isPending ? 'Sharing…' : 'Share'}
      </Button>
    </form>
  );
}

function ShareList({ videoId, enabled }: { videoId: string; enabled: boolean }) {
  const shares = useShares(videoId, { enabled });
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3">
      <h3 id={titleId} className="text-sm font-semibold">
        People with access
      </h3>
      <Loaded
        query={shares}
        what="Shares"
        loading={
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        }
        titleAs="h4"
        errorClassName="py-6"
      >
        {(people) =>
          people.length === 0 ? (
            <p className="flex items-center gap-2.5 rounded-lg border border-dashed bg-muted/40 px-4 py-3.5 text-sm text-muted-foreground">
              <UsersRoundIcon className="size-4 shrink-0" aria-hidden />
              No shares yet
            </p>
          ) : (
            <ul aria-labelledby={titleId} className="grid min-w-0 gap-2">
              {people.map((share) => (
                <ShareRow key={share.id} videoId={videoId} share={share} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function ShareRow({ videoId, share }: { videoId: string; share: Share }) {
  const change = useShareVideo(videoId);
  const removal = useRemoveShare(videoId);
  const busy = change.isPending || removal.isPending;

  return (
    <li className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1.5 rounded-lg border bg-card py-2 pr-2 pl-3">
      {/* A whole line on a phone: two similar addresses must be told apart. */}
      <span className="grid min-w-0 flex-1 basis-full gap-0.5 sm:basis-0">
        <span className="text-sm font-medium wrap-anywhere">{share.sharedWithEmail}</span>
        {share.pending ? (
          // Anyone can sign up with any address: the share waits for its owner to prove it.
          <span className="text-xs text-muted-foreground">
            Pending: waiting for this address to be confirmed from the email we sent
          </span>
        ) : null}
      </span>
      <NativeSelect
        aria-label={`Access level for ${share.sharedWithEmail}`}
        value={change.isPending ? change.variables.accessLevel : share.accessLevel}
        disabled={busy}
        onChange={(event) => {
          const accessLevel = event.target.value;
          if (isAccessLevel(accessLevel) && accessLevel !== share.accessLevel) {
            change.mutate({ email: share.sharedWithEmail, accessLevel });
          }
        }}
        wrapperClassName="ml-auto w-24 shrink-0"
        className="h-8 py-1 text-sm"
      >
        {ACCESS_LEVEL_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Remove share with ${share.sharedWithEmail}`}
        disabled={busy}
        onClick={() => removal.mutate(share.id)}
        className="text-muted-foreground hover:text-destructive"
      >
        {removal.isPending ? <Spinner /> : <UserRoundXIcon aria-hidden />}
      </Button>
    </li>
  );
}
