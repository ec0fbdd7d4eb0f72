import type { PlayerDetection } from '@filmroom/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatPointTimestamp } from '@/lib/format-time';
import { useIdentifyPlayer } from '../api/identify-player';
import { usePlayerCandidates } from '../api/player-candidates';

type NamePlayerDialogProps = {
  videoId: string;
  /** The detection whose box was clicked; null while the dialog is closed. */
  detection: (PlayerDetection & { box: [number, number, number, number] }) | null;
  onClose: () => void;
};

/**
 * Who is this? The coach picks the person a clicked box is of, among the owner and the
 * owner's athletes, or says it is nobody listed. The name follows the tracked person and is
 * kept when players are detected again.
 */
export function NamePlayerDialog({ videoId, detection, onClose }: NamePlayerDialogProps) {
  const candidates = usePlayerCandidates(videoId, detection !== null);
  const identify = useIdentifyPlayer(videoId);
  const name = (playerId: string | null, label: string) => {
    if (!detection || detection.trackId === undefined) return;
    identify.mutate(
      {
        body: {
          trackId: detection.trackId,
          timestamp: detection.timestamp,
          box: detection.box,
          playerId,
        },
        name: label,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open={detection !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Who is this?</DialogTitle>
          <DialogDescription>
            {detection
              ? `The person boxed at ${formatPointTimestamp(detection.timestamp)}. The name follows them through the video and is kept when players are detected again.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {candidates.isPending ? (
          <div role="status" aria-label="Loading the athletes" className="grid gap-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : candidates.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The athletes could not load: {candidates.error.message}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Athletes">
            {candidates.data.map((candidate) => (
              <li key={candidate.id}>
                <Button
                  variant={detection?.playerMatchId === candidate.id ? 'secondary' : 'outline'}
                  className="w-full justify-start"
                  disabled={identify.isPending}
                  aria-current={detection?.playerMatchId === candidate.id ? 'true' : undefined}
                  onClick={() => name(candidate.id, candidate.name)}
                >
                  {candidate.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button
            variant="ghost"
            disabled={identify.isPending}
            onClick={() => name(null, 'nobody listed')}
          >
            {identify.isPending ? <Spinner /> : null}
            Nobody listed
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
