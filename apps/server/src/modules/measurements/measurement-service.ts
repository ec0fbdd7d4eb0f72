import type { Measurement, MeasurementBody, MeasurementChanged } from '@filmroom/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { measurements, type MeasurementRow, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { loadPeopleViews } from '../users';
import { requireAccess } from '../access';

/** A measurement body after the contract's parsing: its defaults filled in. */
export type MeasurementInput = Required<MeasurementBody>;

/** Tells open pages of the video that its measurements changed (the stream's `measurement`). */
export type MeasurementAnnouncer = (event: MeasurementChanged) => Promise<void>;

/**
 * Measurements on a video, a kind of annotation: whoever may view the video reads them; its
 * owner and editors add, change and delete them (anyone's, as with a note's resolution: a
 * measurement is the video's working, not a personal remark).
 */
export class MeasurementService {
  constructor(
    private readonly db: Database,
    private readonly announce: MeasurementAnnouncer,
  ) {}

  /** The video's measurements, oldest first. */
  async list(user: UserRow, videoId: string): Promise<Measurement[]> {
    await requireAccess(this.db, user, 'video.read', videoId);
    const rows = await this.db
      .select()
      .from(measurements)
      .where(eq(measurements.videoId, videoId))
      .orderBy(asc(measurements.createdAt), asc(measurements.id));
    return this.views(rows);
  }

  async create(user: UserRow, videoId: string, input: MeasurementInput): Promise<Measurement> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    this.checkWithinVideo(input, video.duration);
    const [row] = await this.db
      .insert(measurements)
      .values({ videoId, userId: user.id, ...input })
      .returning();
    await this.announce({ videoId, change: 'created', measurementId: row!.id });
    return (await this.views([row!]))[0]!;
  }

  async update(
    user: UserRow,
    videoId: string,
    measurementId: string,
    input: MeasurementInput,
  ): Promise<Measurement> {
    const { video } = await requireAccess(this.db, user, 'video.edit', videoId);
    this.checkWithinVideo(input, video.duration);
    const [row] = await this.db
      .update(measurements)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(measurements.id, measurementId), eq(measurements.videoId, videoId)))
      .returning();
    if (!row) throw notFound('Measurement not found');
    await this.announce({ videoId, change: 'updated', measurementId });
    return (await this.views([row]))[0]!;
  }

  async delete(user: UserRow, videoId: string, measurementId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    const deleted = await this.db
      .delete(measurements)
      .where(and(eq(measurements.id, measurementId), eq(measurements.videoId, videoId)))
      .returning({ id: measurements.id });
    if (deleted.length === 0) throw notFound('Measurement not found');
    await this.announce({ videoId, change: 'deleted', measurementId });
  }

  /** Times past the video's end are a mistake in the client, not a measurement. */
  private checkWithinVideo(input: MeasurementInput, duration: number | null): void {
    if (duration === null) return;
    // The browser's idea of the end can run a frame or two past ffprobe's.
    const end = duration + 0.1;
    const { subject } = input;
    const times =
      subject.kind === 'stopwatch'
        ? [subject.start, subject.end]
        : subject.kind === 'tracked-point'
          ? subject.samples.map((sample) => sample.t)
          : [];
    if (times.some((t) => t > end)) {
      throw badRequest(`Measurement times must lie within the video (${duration.toFixed(1)} s)`);
    }
  }

  private async views(rows: MeasurementRow[]): Promise<Measurement[]> {
    const people = await loadPeopleViews(
      this.db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => ({
      id: row.id,
      videoId: row.videoId,
      name: row.name,
      calibration: row.calibration,
      slowMotionFactor: row.slowMotionFactor,
      subject: row.subject,
      user: people.get(row.userId) ?? { id: row.userId, name: 'Unknown', avatarUrl: null },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }
}
