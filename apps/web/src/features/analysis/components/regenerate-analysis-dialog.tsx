import { RefreshCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useIsRegenerating, useRegenerateAnalysis } from '../api/regenerate-analysis';
import { INSTRUCTIONS_MAX_LENGTH, regenerateBody } from '../lib/instructions';

/** Spec §2: the Regenerate Analysis dialog (edit access only), instructions optional. */
export function RegenerateAnalysisDialog({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  const [instructions, setInstructions] = useState('');
  const fieldId = useId();
  // A movement or slow-motion choice being applied is a Regenerate too: one at a time.
  const busy = useIsRegenerating(videoId);
  const regeneration = useRegenerateAnalysis(videoId, {
    onSuccess: () => {
      setOpen(false);
      setInstructions('');
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !regeneration.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy && !open}>
          <RefreshCwIcon aria-hidden />
          Regenerate Analysis
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <form
          aria-label="Regenerate Analysis"
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            regeneration.mutate(regenerateBody(instructions));
          }}
        >
          <DialogHeader>
            <DialogTitle>Regenerate Analysis</DialogTitle>
            <DialogDescription>
              Writes the analysis again from this video&rsquo;s measurements. Say what to focus on,
              or leave it blank for the full analysis.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Instructions (optional)</Label>
            <Textarea
              id={fieldId}
              value={instructions}
              onChange={(event) => setInstructions(event.target.value)}
              maxLength={INSTRUCTIONS_MAX_LENGTH}
              placeholder="e.g. Focus on knee position between 0:05 and 0:10"
              disabled={regeneration.isPending}
              rows={4}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={regeneration.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={regeneration.isPending}>
              {regeneration.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden />}
              {regeneration.isPending ? 'Regenerating…' : 'Regenerate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
