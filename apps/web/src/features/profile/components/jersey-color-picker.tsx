import type { User } from '@filmroom/contract';
import { CheckIcon, SaveIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useJerseyColors } from '../api/get-jersey-colors';
import { useUpdateJerseyColors } from '../api/update-jersey-colors';

/** Spec §2: the colour toggle list with Save Colors. */
export function JerseyColorPicker({ user }: { user: User }) {
  const options = useJerseyColors();
  const [chosen, setChosen] = useState(() => new Set(user.jerseyColors.map((color) => color.id)));
  const save = useUpdateJerseyColors();
  const titleId = useId();
  const hintId = useId();

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="grid gap-1">
        <h3 id={titleId} className="font-semibold">
          Jersey Colors
        </h3>
        <p id={hintId} className="text-sm text-muted-foreground">
          Pick the colours you play in. Choose every kit you wear: home, away, training.
        </p>
      </div>

      {options.isError && !options.data ? (
        <ErrorState
          title="Jersey colors couldn't load"
          message={options.error.message}
          onRetry={() => void options.refetch()}
          retrying={options.isFetching}
          className="py-6"
          titleAs="h4"
        />
      ) : !options.data ? (
        <div role="status" aria-label="Loading jersey colors" className="flex flex-wrap gap-2">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-24 rounded-full" />
          ))}
        </div>
      ) : (
        <>
          <ul aria-labelledby={titleId} aria-describedby={hintId} className="flex flex-wrap gap-2">
            {options.data.map((option) => {
              const pressed = chosen.has(option.id);
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => toggle(option.id)}
                    className={cn(
                      'inline-flex h-9 items-center gap-2 rounded-full border py-1 pr-3.5 pl-1.5 text-sm font-medium transition-[background-color,border-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      pressed
                        ? 'border-primary bg-secondary text-secondary-foreground shadow-xs'
                        : 'border-input bg-card hover:bg-accent',
                    )}
                  >
                    <span
                      aria-hidden
                      className="grid size-6 place-items-center rounded-full ring-1 ring-black/15 ring-inset dark:ring-white/25"
                      style={{ backgroundColor: option.swatch }}
                    >
                      {pressed ? (
                        <CheckIcon
                          className="size-3.5 text-white mix-blend-difference"
                          strokeWidth={3}
                        />
                      ) : null}
                    </span>
                    {option.color}
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {chosen.size === 0
                ? 'No colours chosen'
                : `${chosen.size} colour${chosen.size === 1 ? '' : 's'} chosen`}
            </p>
            <Button
              variant="outline"
              disabled={save.isPending}
              onClick={() => save.mutate({ colorIds: [...chosen] })}
            >
              {save.isPending ? <Spinner /> : <SaveIcon aria-hidden />}
              {save.isPending ? 'Saving…' : 'Save Colors'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
