import type { TagPlayer, TagTemplate } from '@filmroom/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Undo2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { RosterStrip } from './roster-strip';
import type { TagSession } from './use-tag-session';

type CodeWindowProps = {
  template: TagTemplate;
  session: TagSession;
  /** The athletes who may be tagged (the tag-players route), tapped to name the player. */
  roster: UseQueryResult<TagPlayer[]>;
  period: string | null;
  onPeriod: (period: string | null) => void;
};

const Key = ({ children }: { children: string }) => (
  <kbd className="rounded border bg-background/80 px-1.5 font-mono text-xs text-foreground uppercase">
    {children}
  </kbd>
);

/**
 * The code window: period buttons, one big button per event type (touch or its hotkey) and
 * the label and player buttons that describe the last event. Presses never pause the film.
 */
export function CodeWindow({ template, session, roster, period, onPeriod }: CodeWindowProps) {
  const last = session.lastEvent;
  return (
    <div className="grid gap-4">
      {template.periods.length > 0 ? (
        <div role="group" aria-label="Period" className="flex flex-wrap gap-1.5">
          {template.periods.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={period === name ? 'default' : 'outline'}
              aria-pressed={period === name}
              onClick={() => onPeriod(period === name ? null : name)}
            >
              {name}
            </Button>
          ))}
        </div>
      ) : null}

      <div
        role="group"
        aria-label="Event buttons"
        // As many columns as fit a name and its key: two in the side column and on a phone.
        className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2"
      >
        {template.buttons.map((button) => {
          const open = session.openToggles[button.name];
          return (
            <button
              key={button.name}
              type="button"
              onClick={() => session.tag(button)}
              aria-pressed={button.mode === 'toggled' ? open !== undefined : undefined}
              aria-keyshortcuts={button.hotkey ?? undefined}
              className={cn(
                'flex min-h-14 items-center justify-between gap-2 rounded-lg border-2 bg-card px-3 py-2 text-left text-sm font-semibold shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 active:scale-[0.98]',
                open !== undefined && 'bg-accent ring-2 ring-ring',
              )}
              style={{ borderColor: button.colour }}
            >
              <span className="min-w-0">
                {button.name}
                {open !== undefined ? (
                  <span className="block text-xs font-normal text-muted-foreground">
                    since {formatPointTimestamp(open)}, press to stop
                  </span>
                ) : null}
              </span>
              {button.hotkey ? <Key>{button.hotkey}</Key> : null}
            </button>
          );
        })}
      </div>

      {template.labelGroups.map((group) => (
        <div key={group.name} role="group" aria-label={`${group.name} of the last event`}>
          <p className="mb-1.5 text-xs font-medium text-muted-foreground">{group.name}</p>
          <div className="flex flex-wrap gap-1.5">
            {group.labels.map((label) => {
              const on = last?.labels.some(
                (given) => given.group === group.name && given.text === label.text,
              );
              return (
                <Button
                  key={label.text}
                  size="sm"
                  variant={on ? 'default' : 'secondary'}
                  aria-pressed={on ?? false}
                  disabled={!last}
                  aria-keyshortcuts={label.hotkey ?? undefined}
                  onClick={() => session.label(group.name, label.text)}
                >
                  {label.text}
                  {label.hotkey ? <Key>{label.hotkey}</Key> : null}
                </Button>
              );
            })}
          </div>
        </div>
      ))}

      <RosterStrip
        roster={roster}
        playerId={last?.playerId ?? null}
        disabled={!last}
        onPick={session.tapPlayer}
      />

      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/60 px-3 py-2 text-sm">
        <p data-testid="last-tag">
          {last ? (
            <>
              <span className="font-medium">{last.code}</span> at {formatPointTimestamp(last.start)}
              {last.playerName
                ? ` · ${last.playerNumber !== null ? `#${last.playerNumber} ` : ''}${last.playerName}`
                : ''}
              {last.labels.map((label) => ` · ${label.text}`).join('')}
            </>
          ) : (
            <span className="text-muted-foreground">
              Press a button or its key as the play happens.
            </span>
          )}
          {session.typedNumber ? (
            <span className="ml-2 font-mono" aria-hidden>
              #{session.typedNumber}_
            </span>
          ) : null}
        </p>
        <Button size="sm" variant="ghost" onClick={session.undo} aria-keyshortcuts="Control+Z">
          <Undo2Icon aria-hidden />
          Undo
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Keys work while this tab is open: letters tag and label, digits then Enter set the last
        event’s player by shirt number (or tap the player), Ctrl+Z undoes.
      </p>
      <p aria-live="polite" className="sr-only">
        {session.announcement}
        {session.typedNumber ? ` Player number ${session.typedNumber}` : ''}
      </p>
    </div>
  );
}
