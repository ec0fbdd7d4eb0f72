import type { TagButton, TagEvent, TagEventLabel, TagPlayer } from '@filmroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toastError } from '@/components/ui/use-toast';
import { formatPointTimestamp } from '@/lib/format-time';
import {
  createTagEvent,
  deleteTagEvent,
  dropTagEventFromCache,
  putTagEventInCache,
  updateTagEvent,
} from '../api/tag-events';
import { tagAddressPrefix, tagEventsQueryKey } from '../api/tag-keys';
import { withLabel } from '../lib/tag-hotkeys';

/** What Ctrl+Z takes back: a tag (deleted again), or a change (its labels and player restored). */
type Undoable =
  | { kind: 'tagged'; event: Promise<TagEvent> }
  | {
      kind: 'changed';
      eventId: string;
      before: { labels: TagEventLabel[]; playerId: string | null };
    };

type Options = {
  videoId: string;
  /** The playhead now, read from the video element (not the last timeupdate). */
  playhead: () => number;
  players: readonly TagPlayer[];
  period: string | null;
};

let pendingIds = 0;

/**
 * Tagging while the film plays: a press makes an event at the playhead and never pauses; the
 * event shows at once (before the server answers) and labels or a player typed next attach to
 * it. Toggled buttons start an event on the first press and end it on the second.
 */
export function useTagSession({ videoId, playhead, players, period }: Options) {
  const queryClient = useQueryClient();
  const [lastEvent, setLastEvent] = useState<TagEvent | null>(null);
  const lastEventRef = useRef<Promise<TagEvent> | null>(null);
  const undoStack = useRef<Undoable[]>([]);
  const [openToggles, setOpenToggles] = useState<Record<string, number>>({});
  const openTogglesRef = useRef<Record<string, number>>({});
  const [typedNumber, setTypedNumber] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const refreshCounts = useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          query.queryKey[0].startsWith(`${tagAddressPrefix(videoId)}stats`),
      }),
    [queryClient, videoId],
  );

  const describe = (event: TagEvent) =>
    [
      `${event.code} at ${formatPointTimestamp(event.start)}`,
      event.playerNumber !== null ? `#${event.playerNumber} ${event.playerName}` : event.playerName,
      ...event.labels.map((label) => `${label.group}: ${label.text}`),
    ]
      .filter(Boolean)
      .join(', ');

  const makeEvent = useCallback(
    (button: TagButton, start: number, end: number) => {
      const pending: TagEvent = {
        id: `pending-${(pendingIds += 1)}`,
        videoId,
        code: button.name,
        colour: button.colour,
        start,
        end,
        leadSeconds: button.mode === 'instant' ? button.leadSeconds : 0,
        lagSeconds: button.mode === 'instant' ? button.lagSeconds : 0,
        labels: [],
        playerId: null,
        playerName: null,
        playerNumber: null,
        period,
        authorName: null,
        createdAt: new Date().toISOString(),
      };
      putTagEventInCache(queryClient, videoId, pending);
      setLastEvent(pending);
      setAnnouncement(`${button.name} tagged at ${formatPointTimestamp(start)}`);
      const saved = createTagEvent(videoId, {
        code: pending.code,
        colour: pending.colour,
        start,
        end,
        leadSeconds: pending.leadSeconds,
        lagSeconds: pending.lagSeconds,
        period,
      }).then(
        (event) => {
          dropTagEventFromCache(queryClient, videoId, pending.id);
          putTagEventInCache(queryClient, videoId, event);
          setLastEvent((shown) => (shown?.id === pending.id ? event : shown));
          void refreshCounts();
          return event;
        },
        (error: unknown) => {
          dropTagEventFromCache(queryClient, videoId, pending.id);
          toastError(error instanceof Error ? error : new Error('The event was not saved'));
          throw error;
        },
      );
      // Labels typed before the answer wait for it; an unsaved tag simply has none.
      saved.catch(() => undefined);
      lastEventRef.current = saved;
      undoStack.current.push({ kind: 'tagged', event: saved });
    },
    [queryClient, videoId, period, refreshCounts],
  );

  const tag = useCallback(
    (button: TagButton) => {
      const now = playhead();
      if (button.mode === 'instant') return makeEvent(button, now, now);
      const open = { ...openTogglesRef.current };
      const started = open[button.name];
      if (started === undefined) {
        open[button.name] = now;
        setAnnouncement(`${button.name} started at ${formatPointTimestamp(now)}`);
      } else {
        delete open[button.name];
        makeEvent(button, Math.min(started, now), Math.max(started, now));
      }
      openTogglesRef.current = open;
      setOpenToggles(open);
    },
    [makeEvent, playhead],
  );

  const applyToLast = useCallback(
    async (
      target: Promise<TagEvent>,
      change: (event: TagEvent) => { labels?: TagEventLabel[]; playerId?: string | null },
    ) => {
      try {
        const saved = await target;
        // As the list has it now: a change queued before this one may have labelled it.
        const current =
          queryClient
            .getQueryData<TagEvent[]>(tagEventsQueryKey(videoId))
            ?.find((known) => known.id === saved.id) ?? saved;
        undoStack.current.push({
          kind: 'changed',
          eventId: current.id,
          before: { labels: current.labels, playerId: current.playerId },
        });
        const updated = await updateTagEvent(videoId, current.id, change(current));
        putTagEventInCache(queryClient, videoId, updated);
        setLastEvent((shown) => (shown?.id === updated.id ? updated : shown));
        setAnnouncement(describe(updated));
        void refreshCounts();
      } catch (error) {
        toastError(error instanceof Error ? error : new Error('The change was not saved'));
      }
    },
    [queryClient, videoId, refreshCounts],
  );

  // Changes go one after another: a label typed while the player's number is still being
  // saved must build on the event as that left it.
  const changes = useRef<Promise<void>>(Promise.resolve());

  /** Changes the last event's labels or player, remembering how it was for Ctrl+Z. */
  const changeLast = useCallback(
    (change: (event: TagEvent) => { labels?: TagEventLabel[]; playerId?: string | null }) => {
      // The event that is last now, even if another is tagged before the change's turn comes.
      const target = lastEventRef.current;
      if (!target) {
        setAnnouncement('Tag an event first');
        return;
      }
      changes.current = changes.current.then(() => applyToLast(target, change));
    },
    [applyToLast],
  );

  const label = useCallback(
    (group: string, text: string) =>
      void changeLast((event) => ({ labels: withLabel(event.labels, { group, text }) })),
    [changeLast],
  );

  const typeDigit = useCallback((digit: string) => {
    setTypedNumber((typed) => (typed + digit).slice(-2));
  }, []);

  const givePlayer = useCallback(() => {
    const number = Number(typedNumber);
    setTypedNumber('');
    const player = players.find((candidate) => candidate.number === number);
    if (!player) {
      setAnnouncement(`No athlete wears #${number} on the roster`);
      return;
    }
    void changeLast(() => ({ playerId: player.id }));
  }, [typedNumber, players, changeLast]);

  /**
   * A roster athlete tapped (a phone has no keys for a shirt number): given to the last event,
   * or taken off it again when they are its player already. Undone like any change.
   */
  const tapPlayer = useCallback(
    (player: TagPlayer) =>
      void changeLast((event) => ({ playerId: event.playerId === player.id ? null : player.id })),
    [changeLast],
  );

  const undo = useCallback(async () => {
    const last = undoStack.current.pop();
    if (!last) {
      setAnnouncement('Nothing to undo');
      return;
    }
    try {
      if (last.kind === 'tagged') {
        const event = await last.event;
        await deleteTagEvent(videoId, event.id);
        dropTagEventFromCache(queryClient, videoId, event.id);
        setAnnouncement(`Removed ${event.code} at ${formatPointTimestamp(event.start)}`);
        // The event tagged before it is the last one again: labels and numbers go there.
        const before = undoStack.current.findLast((entry) => entry.kind === 'tagged');
        const tagged = before?.kind === 'tagged' ? await before.event.catch(() => null) : null;
        // As it is now (labels given since), from the list.
        const now = queryClient
          .getQueryData<TagEvent[]>(tagEventsQueryKey(videoId))
          ?.find((known) => known.id === tagged?.id);
        lastEventRef.current = now ? Promise.resolve(now) : null;
        setLastEvent(now ?? null);
      } else {
        const restored = await updateTagEvent(videoId, last.eventId, last.before);
        putTagEventInCache(queryClient, videoId, restored);
        lastEventRef.current = Promise.resolve(restored);
        setLastEvent(restored);
        setAnnouncement(`Undone: ${describe(restored)}`);
      }
      void refreshCounts();
    } catch (error) {
      toastError(error instanceof Error ? error : new Error('Undo failed'));
    }
  }, [queryClient, videoId, refreshCounts]);

  return {
    tag,
    label,
    typeDigit,
    givePlayer,
    tapPlayer,
    clearNumber: () => setTypedNumber(''),
    eraseDigit: () => setTypedNumber((typed) => typed.slice(0, -1)),
    // After the changes still being saved, so it takes back the newest.
    undo: () => {
      changes.current = changes.current.then(undo);
    },
    lastEvent,
    openToggles,
    typedNumber,
    announcement,
  };
}

export type TagSession = ReturnType<typeof useTagSession>;
