import type {
  Annotation,
  AnnotationReply,
  Drawing,
  Reaction,
  ReactionSummary,
} from '@filmroom/contract';
import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import * as schema from '../../db/schema';
import {
  annotationReactions,
  annotations,
  type AnnotationRow,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { Log } from '../../lib/logger';
import { videoKeys, type BlobStore } from '../../storage';
import { commitStagedFile } from '../../lib/staged-upload';
import type { Notifier } from '../notifications';
import { loadPeopleViews } from '../users';
import { requireAccess } from '../access';
import { VideoEvents } from '../events';
import {
  sentimentFor,
  toAnnotationView,
  toReactionSummary,
  toReplyView,
  type ReactionTally,
} from './annotation-view';

// The browser's idea of a video's length can run a frame or two past ffprobe's (a coach pausing
// on the last frame): that close to the end, a timestamp counts as the end.
const END_TOLERANCE_SECONDS = 0.1;

export type NewAnnotation = {
  content: string;
  timestamp: number;
  xPosition: number;
  yPosition: number;
  /** A range note's end; null for a single moment. */
  endTime: number | null;
  drawing: Drawing | null;
  displaySeconds: number;
  pauseHere: boolean;
  /** A voice note already staged in the BlobStore (receiveStagedUpload), of a sniffed type. */
  audio?: { stagingKey: string; extension: 'webm' | 'ogg'; duration: number | null };
};

/**
 * Annotations and their discussions. Who may do what (the product's decision; the spec leaves
 * it open): anyone who may view the video reads, replies and reacts; adding an annotation takes
 * edit access (owner or edit share); an annotation or reply may be deleted by its author or by
 * anyone with edit access, and an annotation goes with its replies, reactions and voice note.
 * An annotation is marked resolved (or open again) by the same people who may delete it.
 */
export class AnnotationService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly blobs: BlobStore,
    private readonly log: Log,
    private readonly notifier: Notifier,
  ) {}

  /** The video's annotations by time, each with its replies oldest first. */
  async list(user: UserRow, videoId: string): Promise<Annotation[]> {
    await requireAccess(this.db, user, 'video.read', videoId);
    return this.views(user, eq(annotations.videoId, videoId));
  }

  /**
   * The notes whose moment, or range, falls inside `start`–`end` of the video, with their
   * replies: what a clip of that range shows. The caller has decided the user may see the range.
   */
  async listInRange(
    user: UserRow,
    videoId: string,
    range: { start: number; end: number },
  ): Promise<Annotation[]> {
    const inRange = and(
      eq(annotations.videoId, videoId),
      isNull(annotations.parentId),
      lte(annotations.timestamp, range.end),
      gte(sql`coalesce(${annotations.endTime}, ${annotations.timestamp})`, range.start),
    );
    const notes = this.db.select({ id: annotations.id }).from(annotations).where(inRange);
    return this.views(
      user,
      and(eq(annotations.videoId, videoId), or(inRange, inArray(annotations.parentId, notes)))!,
    );
  }

  /** The annotations among the rows matching `where`, each with its replies among them. */
  private async views(user: UserRow, where: SQL): Promise<Annotation[]> {
    const rows = await this.db
      .select()
      .from(annotations)
      .where(where)
      .orderBy(asc(annotations.timestamp), asc(annotations.createdAt), asc(annotations.id));
    const replies = rows.filter((row) => row.parentId !== null);
    const [people, reactions] = await Promise.all([
      loadPeopleViews(
        this.db,
        rows.flatMap((row) => (row.resolvedBy ? [row.userId, row.resolvedBy] : [row.userId])),
      ),
      this.tallies(user, where),
    ]);
    const summaryOf = (row: AnnotationRow) => toReactionSummary(reactions.get(row.id) ?? []);
    return rows
      .filter((row) => row.parentId === null)
      .map((row) =>
        toAnnotationView(
          row,
          people,
          summaryOf(row),
          replies
            .filter((reply) => reply.parentId === row.id)
            .sort(
              (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
            )
            .map((reply) => toReplyView(reply, people, summaryOf(reply))),
        ),
      );
  }

  /** Adds an annotation (and commits its voice note, if any, with the row or not at all). */
  async create(user: UserRow, video: VideoRow, input: NewAnnotation): Promise<Annotation> {
    const content = input.content.trim();
    if (!content && !input.audio && !input.drawing) {
      throw badRequest('An annotation needs text, a voice recording or a drawing');
    }
    const { duration } = video;
    if (duration === null) {
      throw conflict('This video is still being prepared: annotate it once it plays');
    }
    const withinVideo = (field: 'timestamp' | 'endTime', seconds: number) => {
      if (seconds > duration + END_TOLERANCE_SECONDS) {
        const end = Number(duration.toFixed(2));
        throw badRequest(`${field} must be within the video: 0 to ${end} seconds`);
      }
      return Math.min(seconds, duration);
    };
    const timestamp = withinVideo('timestamp', input.timestamp);
    const endTime = input.endTime === null ? null : withinVideo('endTime', input.endTime);
    // Compared once both are on the video's own clock: a range has a length.
    if (endTime !== null && endTime <= timestamp) {
      throw badRequest('endTime must be after the timestamp');
    }

    const id = randomUUID();
    const audioKey = input.audio
      ? videoKeys.annotationAudio(video.id, id, input.audio.extension)
      : null;
    const sentiment = sentimentFor(content);
    const values = {
      id,
      videoId: video.id,
      userId: user.id,
      content,
      timestamp,
      endTime,
      xPosition: input.xPosition,
      yPosition: input.yPosition,
      drawing: input.drawing,
      displaySeconds: input.displaySeconds,
      pauseHere: input.pauseHere,
      audioKey,
      audioDuration: input.audio?.duration ?? null,
      sentimentLabel: sentiment?.label ?? null,
      sentimentConfidence: sentiment?.confidence ?? null,
    };

    let row: AnnotationRow;
    if (!input.audio || !audioKey) {
      [row] = (await this.db.insert(annotations).values(values).returning()) as [AnnotationRow];
    } else {
      row = await commitStagedFile(
        this.pool,
        this.blobs,
        { stagingKey: input.audio.stagingKey, finalKey: audioKey },
        async (transaction) =>
          (await drizzle(transaction, { schema })
            .insert(annotations)
            .values(values)
            .returning()) as [AnnotationRow],
      ).then(([inserted]) => inserted);
    }
    await this.announce(video.id);
    await this.notifier.noteAdded(user.id, row);
    const people = await loadPeopleViews(this.db, [user.id]);
    return toAnnotationView(row, people, toReactionSummary([]), []);
  }

  /**
   * Adds a reply, with text, a drawing on the annotation's frame, or both, to one of the video's
   * annotations (anyone who may view the video).
   */
  async reply(
    user: UserRow,
    videoId: string,
    annotationId: string,
    input: { content: string; drawing: Drawing | null },
  ): Promise<AnnotationReply> {
    await requireAccess(this.db, user, 'video.read', videoId);
    const parent = await this.findInVideo(videoId, annotationId);
    if (parent.parentId !== null) {
      throw badRequest('Reply to the annotation itself: replies have no replies of their own');
    }
    const text = input.content.trim();
    if (!text && !input.drawing) throw badRequest('A reply needs text or a drawing');
    const sentiment = sentimentFor(text);
    const [row] = await this.db
      .insert(annotations)
      .values({
        videoId,
        parentId: parent.id,
        userId: user.id,
        content: text,
        timestamp: parent.timestamp,
        xPosition: parent.xPosition,
        yPosition: parent.yPosition,
        drawing: input.drawing,
        sentimentLabel: sentiment?.label ?? null,
        sentimentConfidence: sentiment?.confidence ?? null,
      })
      .returning();
    await this.announce(videoId);
    await this.notifier.replyAdded(user.id, { id: row!.id, videoId, parentId: parent.id });
    const people = await loadPeopleViews(this.db, [user.id]);
    return toReplyView(row!, people, toReactionSummary([]));
  }

  /**
   * Deletes an annotation with its replies, their reactions and voice notes; or one reply.
   * Its author may, and so may anyone with edit access to the video.
   */
  async delete(user: UserRow, videoId: string, annotationId: string): Promise<void> {
    // The video first: whoever may not see it is told the video is not found, as on every
    // route under it; then the annotation must be on it.
    await requireAccess(this.db, user, 'video.read', videoId);
    const row = await this.findInVideo(videoId, annotationId);
    await requireAccess(this.db, user, 'annotation.delete', row.id);
    // Rows first (replies and reactions cascade): once they are gone nothing serves the files.
    const removed = await this.db
      .delete(annotations)
      .where(or(eq(annotations.id, row.id), eq(annotations.parentId, row.id)))
      .returning({ audioKey: annotations.audioKey });
    for (const { audioKey } of removed) {
      if (!audioKey) continue;
      await this.blobs.delete(audioKey).catch((error: unknown) => {
        // The video's prefix sweep (when the video is deleted) still removes it.
        this.log.error({ err: error, key: audioKey }, 'could not delete a voice note');
      });
    }
    await this.announce(videoId);
  }

  /**
   * Marks an annotation resolved, or open again. Resolving a resolved note keeps who resolved it
   * first and when.
   */
  async setResolved(
    user: UserRow,
    videoId: string,
    annotationId: string,
    resolved: boolean,
  ): Promise<Annotation> {
    await requireAccess(this.db, user, 'video.read', videoId);
    const row = await this.findInVideo(videoId, annotationId);
    if (row.parentId !== null) {
      throw badRequest('A reply cannot be resolved: resolve the annotation it belongs to');
    }
    await requireAccess(this.db, user, 'annotation.edit', row.id);
    await this.db
      .update(annotations)
      .set(
        resolved
          ? {
              resolvedAt: sql`coalesce(${annotations.resolvedAt}, now())`,
              resolvedBy: sql`case when ${annotations.resolvedAt} is null then ${user.id}::uuid else ${annotations.resolvedBy} end`,
            }
          : { resolvedAt: null, resolvedBy: null },
      )
      .where(eq(annotations.id, row.id));
    await this.announce(videoId);
    const [view] = await this.views(
      user,
      or(eq(annotations.id, row.id), eq(annotations.parentId, row.id))!,
    );
    if (!view) throw notFound('Annotation not found');
    return view;
  }

  /** The annotation's reactions, for anyone who may view its video. */
  async reactions(user: UserRow, annotationId: string): Promise<ReactionSummary> {
    await requireAccess(this.db, user, 'annotation.read', annotationId);
    return this.summary(user, annotationId);
  }

  /** Gives the reaction, or takes it back if the user had given it. */
  async toggleReaction(
    user: UserRow,
    annotationId: string,
    reaction: Reaction,
  ): Promise<ReactionSummary> {
    const { annotation: row } = await requireAccess(this.db, user, 'annotation.read', annotationId);
    const given = and(
      eq(annotationReactions.annotationId, annotationId),
      eq(annotationReactions.userId, user.id),
      eq(annotationReactions.reaction, reaction),
    );
    const takenBack = await this.db.delete(annotationReactions).where(given).returning();
    if (takenBack.length === 0) {
      await this.db
        .insert(annotationReactions)
        .values({ annotationId, userId: user.id, reaction })
        .onConflictDoNothing();
    }
    await this.announce(row.videoId);
    if (takenBack.length === 0) await this.notifier.reactionGiven(user.id, row);
    return this.summary(user, annotationId);
  }

  private async summary(user: UserRow, annotationId: string): Promise<ReactionSummary> {
    const tallies = await this.tallies(user, eq(annotations.id, annotationId));
    return toReactionSummary(tallies.get(annotationId) ?? []);
  }

  /** Reaction counts per annotation matching `where`, and which ones the user gave. */
  private async tallies(user: UserRow, where: SQL): Promise<Map<string, ReactionTally[]>> {
    const rows = await this.db
      .select({
        annotationId: annotationReactions.annotationId,
        reaction: annotationReactions.reaction,
        count: count(),
        mine: sql<boolean>`bool_or(${annotationReactions.userId} = ${user.id})`,
      })
      .from(annotationReactions)
      .innerJoin(annotations, eq(annotations.id, annotationReactions.annotationId))
      .where(where)
      .groupBy(annotationReactions.annotationId, annotationReactions.reaction);
    const byAnnotation = new Map<string, ReactionTally[]>();
    for (const { annotationId, ...tally } of rows) {
      byAnnotation.set(annotationId, [...(byAnnotation.get(annotationId) ?? []), tally]);
    }
    return byAnnotation;
  }

  private async findInVideo(videoId: string, annotationId: string): Promise<AnnotationRow> {
    const [row] = await this.db
      .select()
      .from(annotations)
      .where(and(eq(annotations.id, annotationId), eq(annotations.videoId, videoId)));
    if (!row) throw notFound('Annotation not found');
    return row;
  }

  /** Tells open pages of the video to refetch its annotations. */
  private async announce(videoId: string) {
    await VideoEvents.publishAnnotationsChanged(this.pool, videoId).catch((error: unknown) => {
      // The change is made; pages that miss the event see it on their next load.
      this.log.warn({ err: error, videoId }, 'could not announce an annotation change');
    });
  }
}
