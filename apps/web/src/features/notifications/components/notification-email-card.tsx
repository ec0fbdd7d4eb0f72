import type { NotificationEmail } from '@filmroom/contract';
import { useId } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

const CHOICES: { value: NotificationEmail; label: string; hint: string }[] = [
  {
    value: 'each',
    label: 'An email for each notification',
    hint: 'As it happens: a reply, a reaction, a shared video, an analysis finished.',
  },
  {
    value: 'digest',
    label: 'A daily digest',
    hint: 'One email a day with what is still unread, only when there is something.',
  },
  { value: 'off', label: 'No email', hint: 'The bell in FilmRoom still shows everything.' },
];

/** Settings > Notification emails: each notification, a daily digest, or none. */
export function NotificationEmailCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const titleId = useId();
  const name = useId();
  const chosen = save.isPending ? save.variables.email : settings.data?.email;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Notification emails</CardTitle>
        <CardDescription>
          How FilmRoom emails you about activity. Every email has a link to stop them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError && !settings.data ? (
          <ErrorState
            title="Your email preference couldn't load"
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
            className="py-8"
            titleAs="h3"
          />
        ) : !settings.data ? (
          <div role="status" aria-label="Loading email preference" className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : (
          <fieldset className="grid gap-2" aria-busy={save.isPending}>
            <legend className="sr-only">Email me</legend>
            {CHOICES.map((choice) => {
              const id = `${name}-${choice.value}`;
              return (
                <label
                  key={choice.value}
                  htmlFor={id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
                >
                  <input
                    id={id}
                    type="radio"
                    name={name}
                    value={choice.value}
                    checked={chosen === choice.value}
                    disabled={save.isPending}
                    onChange={() => save.mutate({ email: choice.value })}
                    aria-describedby={`${id}-hint`}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <span className="grid gap-0.5">
                    <span className="flex items-center gap-2 text-sm font-medium">
                      {choice.label}
                      {save.isPending && save.variables.email === choice.value ? (
                        <Spinner className="size-3.5" />
                      ) : null}
                    </span>
                    <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {choice.hint}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
