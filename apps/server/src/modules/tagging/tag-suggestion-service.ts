import {
  suggestedActionsOf,
  type AthleteReading,
  type PlayerDetection,
  type TagEvent,
  type TagEventChanged,
  type TagSuggestion,
  type acceptTagSuggestionBodySchema,
} from '@filmroom/contract';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { tagSuggestionDecisions, type UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { findAnalysis, listRanges } from '../analysis';
import { requireAccess } from '../access';
import { decidedActionOf, isDecidedBy } from './decided-suggestions';
import { isRepeat, placeAt, withoutRepeats } from './repeated-suggestions';
import type { TagEventService } from './tag-event-service';

type AcceptRequest = z.output<typeof acceptTagSuggestionBodySchema>;

/**
 * Readings of one analysis of the video, the whole video's (range null) or a range's, with its
 * scan's detections: where each tracked person was.
 */
type ReadingSource = {
  rangeId: string | null;
  readings: readonly AthleteReading[];
  detections: readonly PlayerDetection[];
};

/**
 * Suggested events: the actions the video's analyses recognised (a shot's release, a serve's
 * contact), offered to its editors to accept as events or dismiss.
 *
 * Worked out from the analyses on each read rather than stored: the readings are the one source
 * of truth, so a regenerated analysis or a re-run range is followed at once, videos analysed
 * before this existed have suggestions with no backfill, and a suggestion is never counted,
 * exported or shared since it is not in `tag_events`. Only the editors' decisions are stored:
 * by the suggestion's id (a hash of its source, tracked person, key event and time, the same
 * while the analysis is), and by what was decided, so a re-analysis that moves the moment a
 * little keeps the decision (see decided-suggestions.ts).
 */
export class TagSuggestionService {
  constructor(
    private readonly db: Database,
    private readonly events: TagEventService,
    /** Tells the video's open pages: another editor's "Suggested" row follows a decision. */
    private readonly announce: (change: TagEventChanged) => Promise<void>,
  ) {}

  /** The open suggestions, in time order (editors: they are a tagging tool, not a finding). */
  async list(user: UserRow, videoId: string): Promise<TagSuggestion[]> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    return this.open(user, videoId);
  }

  /**
   * Makes the suggestion an event of the button the coach picked, at the key event, with the
   * identified roster athlete as its player. Decided first, so two coaches accepting at once
   * make one event; undecided again if the event cannot be made.
   */
  async accept(
    user: UserRow,
    videoId: string,
    suggestionId: string,
    request: AcceptRequest,
  ): Promise<TagEvent> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    const suggestion = await this.find(user, videoId, suggestionId);
    await this.decide(user, suggestion, 'accepted');
    try {
      const event = await this.events.create(user, videoId, {
        code: request.code,
        colour: request.colour,
        start: suggestion.t,
        end: suggestion.t,
        leadSeconds: request.leadSeconds,
        lagSeconds: request.lagSeconds,
        labels: [],
        playerId: suggestion.playerId,
        period: request.period,
      });
      await this.db
        .update(tagSuggestionDecisions)
        .set({ eventId: event.id })
        .where(this.decisionOf(videoId, suggestionId));
      return event;
    } catch (error) {
      await this.db.delete(tagSuggestionDecisions).where(this.decisionOf(videoId, suggestionId));
      throw error;
    }
  }

  /** Hides the suggestion on this video for everyone, for good. */
  async dismiss(user: UserRow, videoId: string, suggestionId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.edit', videoId);
    await this.decide(user, await this.find(user, videoId, suggestionId), 'dismissed');
    await this.announce({ videoId, change: 'suggestion-dismissed', eventId: null });
  }

  private async find(user: UserRow, videoId: string, suggestionId: string) {
    const suggestion = (await this.open(user, videoId)).find((open) => open.id === suggestionId);
    if (!suggestion)
      throw notFound('Suggestion not found: it was accepted, dismissed or re-analysed');
    return suggestion;
  }

  private async decide(
    user: UserRow,
    suggestion: TagSuggestion,
    decision: 'accepted' | 'dismissed',
  ): Promise<void> {
    const decided = await this.db
      .insert(tagSuggestionDecisions)
      .values({
        videoId: suggestion.videoId,
        suggestionId: suggestion.id,
        decision,
        decidedBy: user.id,
        ...decidedActionOf(suggestion),
      })
      .onConflictDoNothing()
      .returning({ suggestionId: tagSuggestionDecisions.suggestionId });
    if (decided.length === 0) throw conflict('Another editor has just decided this suggestion');
  }

  private decisionOf(videoId: string, suggestionId: string) {
    return and(
      eq(tagSuggestionDecisions.videoId, videoId),
      eq(tagSuggestionDecisions.suggestionId, suggestionId),
    );
  }

  /** Every suggestion of the video's written analyses not yet decided, in time order. */
  private async open(user: UserRow, videoId: string): Promise<TagSuggestion[]> {
    const [sources, decisions, roster] = await Promise.all([
      this.sourcesOf(videoId),
      this.db
        .select({
          suggestionId: tagSuggestionDecisions.suggestionId,
          source: tagSuggestionDecisions.source,
          movement: tagSuggestionDecisions.movement,
          event: tagSuggestionDecisions.event,
          athlete: tagSuggestionDecisions.athlete,
          t: tagSuggestionDecisions.t,
        })
        .from(tagSuggestionDecisions)
        .where(eq(tagSuggestionDecisions.videoId, videoId)),
      this.events.players(user, videoId),
    ]);
    const rosterIds = new Set(roster.map((player) => player.id));
    const found = sources.flatMap(({ rangeId, readings, detections }) =>
      suggestedActionsOf(readings).map((action) => ({
        rangeId,
        action,
        box: placeAt(detections, action.trackId, action.t),
        suggestion: {
          id: suggestionIdOf(videoId, rangeId, action),
          videoId,
          t: action.t,
          action: action.action,
          movement: action.movement,
          event: action.event,
          eventLabel: action.eventLabel,
          athleteName: action.athleteName,
          playerId:
            action.playerMatchId && rosterIds.has(action.playerMatchId)
              ? action.playerMatchId
              : null,
          confidence: action.confidence,
          movementSource: action.movementSource,
          rangeId,
        } satisfies TagSuggestion,
      })),
    );
    const isDecided = (one: (typeof found)[number]) =>
      decisions.some((decision) => isDecidedBy(decision, one.suggestion));
    const decidedOnes = found.filter(isDecided);
    // An action decided as another analysis found it is decided: a range scanned after the
    // whole video's swing was dismissed does not offer that swing again.
    const decidedElsewhere = (one: (typeof found)[number]) =>
      decidedOnes.some((decided) => isRepeat(decided, one));
    return withoutRepeats(found.filter((one) => !isDecided(one) && !decidedElsewhere(one)))
      .map((one) => one.suggestion)
      .sort((a, b) => a.t - b.t);
  }

  /** The written analyses: the whole video's, and each range that is ready. */
  private async sourcesOf(videoId: string): Promise<ReadingSource[]> {
    const [whole, ranges] = await Promise.all([
      findAnalysis(this.db, videoId),
      listRanges(this.db, videoId),
    ]);
    return [
      ...(whole?.textAnalysis != null
        ? [
            {
              rangeId: null,
              readings: whole.athletes ?? [],
              detections: whole.playerDetections ?? [],
            },
          ]
        : []),
      ...ranges
        .filter((range) => range.status === 'ready')
        .map((range) => ({
          rangeId: range.id,
          readings: range.athletes ?? [],
          detections: range.playerDetections ?? [],
        })),
    ];
  }
}

/** A UUID from what makes the suggestion the one it is, the same on every read. */
export function suggestionIdOf(
  videoId: string,
  rangeId: string | null,
  action: { trackId: number; event: string; t: number },
): string {
  const hex = createHash('sha256')
    .update(
      [videoId, rangeId ?? 'video', action.trackId, action.event, action.t.toFixed(2)].join('|'),
    )
    .digest('hex');
  // Shaped as a version 8 (custom) UUID, so it passes as one wherever ids are checked.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
