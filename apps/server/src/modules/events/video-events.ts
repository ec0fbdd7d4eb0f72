import {
  analysisRangeEventSchema,
  analysisStateSchema,
  annotationsChangedEventSchema,
  exportEventSchema,
  measurementChangedEventSchema,
  notificationsChangedEventSchema,
  playlistChangedEventSchema,
  tagEventChangedSchema,
  type TagEventChanged,
  type AnnotationsChangedEvent,
  type PlaylistChangedEvent,
  type NotificationsChangedEvent,
  type ExportEvent,
  type MeasurementChanged,
  videoEventSchema,
  type AnalysisRangeEvent,
  type AnalysisState,
  type VideoEvent,
} from '@filmroom/contract';
import { z } from 'zod';
import type pg from 'pg';
import type { Log } from '../../lib/logger';
import type { SqlRunner } from '../../jobs/queue';
import type { UserRow } from '../../db/schema';
import { listenOn } from '../../db/listen';

const CHANNEL = 'filmroom_video_events';

/**
 * What travels on the channel: a video's preparation, or its analysis, moving on; or its
 * annotations changing (open pages refetch them).
 */
export type VideoChannelEvent =
  | { type: 'video'; data: VideoEvent }
  | { type: 'analysis'; data: AnalysisState }
  | { type: 'analysis-range'; data: AnalysisRangeEvent }
  | { type: 'annotations'; data: AnnotationsChangedEvent }
  /** A video's tagged events changed: heard by whoever may view the video. */
  | { type: 'tag-event'; data: TagEventChanged }
  /** A video's measurements changed: heard by whoever may view the video. */
  | { type: 'measurement'; data: MeasurementChanged }
  /** `to`: the account that asked for the export, the only one to hear it. */
  | { type: 'export'; data: ExportEvent; to: string }
  /** Heard by whoever may see the playlist now (see hearPlaylistsWith). */
  | { type: 'playlist'; data: PlaylistChangedEvent }
  | { type: 'notifications'; data: NotificationsChangedEvent & { userId: string } };

/**
 * Access that some people had has just ended (a share, a roster link, a session or an account
 * removed), or a video is gone for everyone: whatever each process holds for them (event
 * streams, media downloads, remembered access) is checked again. Never sent to browsers. People
 * are named by account id or by e-mail address (a share names an address).
 */
export type AccessEnded = { userIds: string[]; emails: string[]; videoIds: string[] };

const accessEndedSchema = z.object({
  userIds: z.array(z.string()),
  emails: z.array(z.string()),
  // Absent from what a process of an older release sends.
  videoIds: z.array(z.string()).default([]),
});

const channelEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('video'), data: videoEventSchema }),
  z.object({ type: z.literal('analysis'), data: analysisStateSchema }),
  z.object({ type: z.literal('analysis-range'), data: analysisRangeEventSchema }),
  z.object({ type: z.literal('annotations'), data: annotationsChangedEventSchema }),
  z.object({ type: z.literal('tag-event'), data: tagEventChangedSchema }),
  z.object({ type: z.literal('measurement'), data: measurementChangedEventSchema }),
  z.object({ type: z.literal('export'), data: exportEventSchema, to: z.string() }),
  z.object({ type: z.literal('playlist'), data: playlistChangedEventSchema }),
  z.object({
    type: z.literal('notifications'),
    data: notificationsChangedEventSchema.extend({ userId: z.string() }),
  }),
  z.object({ type: z.literal('access-ended'), data: accessEndedSchema }),
]);

/** Whether `user` is one of the people whose access ended. */
export const isAmong = (user: { id: string; username: string }, ended: AccessEnded) =>
  ended.userIds.includes(user.id) ||
  ended.emails.some((email) => email.toLowerCase() === user.username.toLowerCase());

/**
 * Status and progress of videos being prepared, fanned out through PostgreSQL NOTIFY: the worker
 * that prepares a video and the API node holding a viewer's open page may be different processes.
 */
export class VideoEvents {
  private readonly listeners = new Set<(event: VideoChannelEvent) => void>();
  private readonly accessListeners = new Set<(ended: AccessEnded) => void>();
  private readonly connectionListeners = new Set<() => void>();
  private client: pg.Client | undefined;
  private closed = false;
  // Who may see a playlist is the clips module's rule, which imports this one: it hands the
  // rule in rather than this module reaching for it. Until then nobody hears playlist events.
  private playlistAudience: (user: UserRow, playlistId: string) => Promise<boolean> = () =>
    Promise.resolve(false);

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Log,
  ) {}

  static async publish(runner: SqlRunner, event: VideoEvent): Promise<void> {
    await VideoEvents.send(runner, { type: 'video', data: event });
  }

  static async publishAnalysis(runner: SqlRunner, state: AnalysisState): Promise<void> {
    await VideoEvents.send(runner, { type: 'analysis', data: state });
  }

  /** A chosen range of a video's analysis moving on (status and progress). */
  static async publishAnalysisRange(runner: SqlRunner, event: AnalysisRangeEvent): Promise<void> {
    await VideoEvents.send(runner, { type: 'analysis-range', data: event });
  }

  static async publishAnnotationsChanged(runner: SqlRunner, videoId: string): Promise<void> {
    await VideoEvents.send(runner, { type: 'annotations', data: { id: videoId } });
  }

  /** A video's tagged events changed (made, changed, deleted, imported). */
  static async publishTagEvent(runner: SqlRunner, event: TagEventChanged): Promise<void> {
    await VideoEvents.send(runner, { type: 'tag-event', data: event });
  }

  /** A video's measurements changed (saved, changed, deleted). */
  static async publishMeasurementChanged(
    runner: SqlRunner,
    event: MeasurementChanged,
  ): Promise<void> {
    await VideoEvents.send(runner, { type: 'measurement', data: event });
  }

  /**
   * An export moving on (status and progress), for the one who asked for it: others who may
   * view one of its videos need not know it exists, and someone a playlist was shared with may
   * export it without its videos' viewers hearing of it.
   */
  static async publishExport(runner: SqlRunner, to: string, event: ExportEvent): Promise<void> {
    await VideoEvents.send(runner, { type: 'export', data: event, to });
  }

  /** Playlists changed: each is heard by whoever may see it when the event reaches them. */
  static async publishPlaylistsChanged(runner: SqlRunner, playlistIds: string[]): Promise<void> {
    for (const id of new Set(playlistIds)) {
      await VideoEvents.send(runner, { type: 'playlist', data: { id } });
    }
  }

  /** Sets the rule for who hears a playlist's events (the clips module's access rule). */
  hearPlaylistsWith(audience: (user: UserRow, playlistId: string) => Promise<boolean>): void {
    this.playlistAudience = audience;
  }

  mayHearPlaylist(user: UserRow, playlistId: string): Promise<boolean> {
    return this.playlistAudience(user, playlistId);
  }

  /** One person's notifications changed: only their own streams hear it (their bell's count). */
  static async publishNotificationsChanged(
    runner: SqlRunner,
    userId: string,
    unreadCount: number,
  ): Promise<void> {
    await VideoEvents.send(runner, { type: 'notifications', data: { userId, unreadCount } });
  }

  /**
   * On the same channel as the events, so every process learns of it in commit order: an event
   * published after the access ended is never judged by what was allowed before. This process
   * acts on it at once as well, so the request that ended the access is answered only after
   * its own process has forgotten it; the others learn of it through NOTIFY (at commit, when
   * `runner` is a transaction).
   */
  async publishAccessEnded(runner: SqlRunner, ended: AccessEnded): Promise<void> {
    await runner.query('SELECT pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ type: 'access-ended', data: ended }),
    ]);
    this.accessEnded(ended);
  }

  private accessEnded(ended: AccessEnded) {
    for (const listener of this.accessListeners) listener(ended);
  }

  private static async send(runner: SqlRunner, event: VideoChannelEvent) {
    await runner.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  subscribe(listener: (event: VideoChannelEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onAccessEnded(listener: (ended: AccessEnded) => void): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  /**
   * Whether this process hears every access that ends now. While the LISTEN connection is down
   * notifications are lost, so nothing allowed before may be trusted without asking again.
   */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Called when the LISTEN connection drops and when it is back: what was heard may be stale. */
  onListeningChanged(listener: () => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Opens the LISTEN connection, and opens it again whenever it drops. */
  async start(): Promise<void> {
    // onLost runs only after listenOn has answered, so `client` is set by then.
    const client = await listenOn(this.databaseUrl, CHANNEL, {
      onNotification: (payload) => {
        const parsed = channelEventSchema.safeParse(JSON.parse(payload ?? 'null'));
        if (!parsed.success) return;
        if (parsed.data.type === 'access-ended') {
          this.accessEnded(parsed.data.data);
        } else {
          for (const listener of this.listeners) listener(parsed.data);
        }
      },
      onLost: (error) => {
        if (this.closed) return;
        this.log.warn({ err: error }, 'video events connection lost; reconnecting');
        if (this.client === client) {
          this.client = undefined;
          this.listeningChanged();
        }
        this.retry();
      },
    });
    this.client = client;
    this.listeningChanged();
  }

  private retry() {
    setTimeout(() => {
      if (this.closed) return;
      this.start().catch(() => this.retry());
    }, 1_000).unref();
  }

  private listeningChanged() {
    for (const listener of this.connectionListeners) listener();
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.accessListeners.clear();
    this.connectionListeners.clear();
    await this.client?.end().catch(() => undefined);
  }
}
