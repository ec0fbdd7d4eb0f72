import { videoEventSchema, type VideoEvent } from '@filmroom/contract';
import pg from 'pg';
import type { Log } from '../../lib/logger';
import type { SqlRunner } from '../../jobs/queue';

const CHANNEL = 'filmroom_video_events';

/**
 * Status and progress of videos being prepared, fanned out through PostgreSQL NOTIFY: the worker
 * that prepares a video and the API node holding a viewer's open page may be different processes.
 */
export class VideoEvents {
  private readonly listeners = new Set<(event: VideoEvent) => void>();
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Log,
  ) {}

  static async publish(runner: SqlRunner, event: VideoEvent): Promise<void> {
    await runner.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  subscribe(listener: (event: VideoEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the LISTEN connection, and opens it again whenever it drops. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      const parsed = videoEventSchema.safeParse(JSON.parse(message.payload ?? 'null'));
      if (parsed.success) for (const listener of this.listeners) listener(parsed.data);
    });
    client.on('error', (error) => {
      if (this.closed) return;
      this.log.warn({ err: error }, 'video events connection lost; reconnecting');
      this.client = undefined;
      setTimeout(() => void this.start().catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.client?.end().catch(() => undefined);
  }
}
