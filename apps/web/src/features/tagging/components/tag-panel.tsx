import type { TagEvent, TagTemplate } from '@filmroom/contract';
import { DownloadIcon, PencilIcon, TagsIcon, UploadIcon } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError, toastSuccess } from '@/components/ui/use-toast';
import { useImportTagEvents } from '../api/import-tag-events';
import { useTagEvents } from '../api/tag-events';
import { useTagPlayers } from '../api/tag-players';
import { useCopyTagTemplate, useTagTemplates } from '../api/tag-templates';
import { TIMELINE_OWNS_UNDO, isTypingInField, tagKeyAction } from '../lib/tag-hotkeys';
import { TagEventList } from './tag-event-list';
import { CodeWindow } from './code-window';
import { TagMatrix } from './tag-matrix';
import { TemplateEditor } from './template-editor';
import { useTagSession } from './use-tag-session';

type TagPanelProps = {
  videoId: string;
  /** The owner and editors tag; everyone who may view the video counts, filters and exports. */
  editable: boolean;
  userId: string | null;
  playhead: () => number;
  onPlay: (event: TagEvent) => void;
};

/** The Tag tab of a video: the code window (editors), the counts, and the files in and out. */
export function TagPanel({ videoId, editable, userId, playhead, onPlay }: TagPanelProps) {
  const events = useTagEvents(videoId);
  const templates = useTagTemplates();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The window tagged with also gives the counts their ratios (FG% per player).
  const own = templates.data?.templates ?? [];
  const chosen = own.find((template) => template.id === chosenId) ?? own[0];
  return (
    <div className="grid gap-6">
      {editable ? (
        <Tagging videoId={videoId} playhead={playhead} chosen={chosen} onChoose={setChosenId} />
      ) : null}
      {events.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : events.isError ? (
        <ErrorState
          titleAs="h3"
          title="The tagged events couldn't load"
          message={events.error.message}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : (
        <>
          {!editable ? (
            <MyEvents
              events={events.data.filter((event) => event.playerId === userId)}
              onPlay={onPlay}
            />
          ) : null}
          <TagMatrix
            videoId={videoId}
            templateId={chosen?.id}
            periods={[...new Set(events.data.flatMap((event) => event.period ?? []))]}
            events={events.data}
            onPlay={onPlay}
          />
        </>
      )}
      <TagFiles videoId={videoId} editable={editable} />
    </div>
  );
}

/** The code window to tag with: picked from the coach's own, or a ready-made one copied. */
function Tagging({
  videoId,
  playhead,
  chosen,
  onChoose,
}: {
  videoId: string;
  playhead: () => number;
  chosen: TagTemplate | undefined;
  onChoose: (templateId: string) => void;
}) {
  const templates = useTagTemplates();
  const copy = useCopyTagTemplate();
  const [editing, setEditing] = useState(false);

  if (templates.isPending) return <Skeleton className="h-40 w-full" />;
  if (templates.isError) {
    return (
      <ErrorState
        titleAs="h3"
        title="Code windows couldn't load"
        message={templates.error.message}
        onRetry={() => void templates.refetch()}
        retrying={templates.isFetching}
      />
    );
  }
  const own = templates.data.templates;
  const copyReadyMade = (key: string) =>
    copy.mutate(
      { readyMade: key },
      { onSuccess: (template) => onChoose(template.id), onError: toastError },
    );
  const readyMadePicker = (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect
        aria-label="Ready-made code window"
        defaultValue=""
        wrapperClassName="min-w-44 flex-1"
        disabled={copy.isPending}
        onChange={(change) => {
          if (change.target.value) copyReadyMade(change.target.value);
          change.target.value = '';
        }}
      >
        <option value="">Copy a ready-made window…</option>
        {templates.data.readyMade.map((template) => (
          <option key={template.key} value={template.key}>
            {template.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  if (!chosen) {
    return (
      <EmptyState
        titleAs="h3"
        icon={TagsIcon}
        title="No code window yet"
        description="Copy a ready-made one for your sport: buttons for each event, keys to press as the game plays, labels to describe them."
      >
        {readyMadePicker}
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="code-window-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="code-window-title" className="text-sm font-semibold">
          Code window
        </h3>
        <NativeSelect
          aria-label="Code window"
          value={chosen.id}
          wrapperClassName="min-w-40"
          className="h-8 text-xs md:text-xs"
          onChange={(change) => onChoose(change.target.value)}
        >
          {own.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
              {template.mine ? '' : ` (${template.ownerName})`}
            </option>
          ))}
        </NativeSelect>
      </div>
      {editing ? (
        <TemplateEditor key={chosen.id} template={chosen} onClose={() => setEditing(false)} />
      ) : (
        <ArmedCodeWindow key={chosen.id} videoId={videoId} template={chosen} playhead={playhead} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {chosen.mine && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden />
            Edit window
          </Button>
        ) : null}
        {readyMadePicker}
      </div>
    </section>
  );
}

/** The window with its keys live: they work while the Tag tab is open, over the player too. */
function ArmedCodeWindow({
  videoId,
  template,
  playhead,
}: {
  videoId: string;
  template: TagTemplate;
  playhead: () => number;
}) {
  const players = useTagPlayers(videoId, { enabled: true });
  const [period, setPeriod] = useState<string | null>(template.periods[0] ?? null);
  const session = useTagSession({ videoId, playhead, players: players.data ?? [], period });
  const latest = useRef({ session, template });
  latest.current = { session, template };

  // A layout effect, so the keys work from the moment the window shows: a passive effect
  // could run after a key pressed at once (input outranks React's scheduled work in Chromium).
  useLayoutEffect(() => {
    const onKey = (press: KeyboardEvent) => {
      if (press.repeat || isTypingInField(press.target)) return;
      const { session: now, template: window } = latest.current;
      const action = tagKeyAction(press, window, now.typedNumber !== '');
      if (!action) return;
      if (
        action.type === 'undo' &&
        press.target instanceof Element &&
        press.target.closest(`[${TIMELINE_OWNS_UNDO}]`)
      ) {
        return;
      }
      // Taken before the player sees it: S must tag, not seek or mark.
      press.preventDefault();
      press.stopPropagation();
      if (action.type === 'tag') now.tag(action.button);
      else if (action.type === 'label') now.label(action.group, action.text);
      else if (action.type === 'digit') now.typeDigit(action.digit);
      else if (action.type === 'enter') now.givePlayer();
      else if (action.type === 'clear') now.clearNumber();
      else if (action.type === 'backspace') now.eraseDigit();
      else now.undo();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  return (
    <CodeWindow
      template={template}
      session={session}
      roster={players}
      period={period}
      onPeriod={setPeriod}
    />
  );
}

/** An athlete's own events on a shared video. */
function MyEvents({ events, onPlay }: { events: TagEvent[]; onPlay: (event: TagEvent) => void }) {
  return (
    <section aria-labelledby="my-events-title" className="grid gap-2">
      <h3 id="my-events-title" className="text-sm font-semibold">
        My events
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events are tagged with your name here.</p>
      ) : (
        <TagEventList events={events} onPlay={onPlay} />
      )}
    </section>
  );
}

/** CSV and Sportscode XML out; Sportscode XML in (editors). */
function TagFiles({ videoId, editable }: { videoId: string; editable: boolean }) {
  const importEvents = useImportTagEvents(videoId);
  const input = useRef<HTMLInputElement>(null);
  const base = `/api/videos/${videoId}/tag-events`;
  return (
    <section aria-labelledby="tag-files-title" className="grid gap-2">
      <h3 id="tag-files-title" className="text-sm font-semibold">
        Files
      </h3>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={`${base}/export.csv`} download>
            <DownloadIcon aria-hidden />
            CSV
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={`${base}/export.xml`} download>
            <DownloadIcon aria-hidden />
            Sportscode XML
          </a>
        </Button>
        {editable ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={importEvents.isPending}
              onClick={() => input.current?.click()}
            >
              <UploadIcon aria-hidden />
              {importEvents.isPending ? 'Importing…' : 'Import XML'}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".xml,application/xml,text/xml"
              className="sr-only"
              tabIndex={-1}
              aria-label="Sportscode XML file to import"
              onChange={(change) => {
                const file = change.target.files?.[0];
                change.target.value = '';
                if (!file) return;
                void file.text().then((xml) =>
                  importEvents.mutate(xml, {
                    onSuccess: (count) =>
                      toastSuccess(`Imported ${count} ${count === 1 ? 'event' : 'events'}`),
                    onError: toastError,
                  }),
                );
              }}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
