import { z } from 'zod';
import type { AthleteReading } from './analysis';
import type { MovementId } from './values';
import { TAG_LEAD_LAG_MAX_SECONDS, TAG_NAME_MAX_LENGTH } from './tagging';

/**
 * The actions a game's film is tagged by that the coach engine recognises, each at the key
 * event a coach would press the button on: a shot's release, a serve's or a stroke's contact,
 * a swing's impact, a jump's take-off. One suggestion per repetition of the action.
 *
 * Not here: the strength and fitness movements (a squat's bottom is a repetition, not a game's
 * event) and running, whose reading has foot strikes but no start of a sprint: a suggestion at
 * every stride would bury the timeline, and one at the first stride seen is where the runner
 * came into the picture, not where they started.
 */
export const SUGGESTED_ACTIONS: readonly {
  movement: MovementId;
  event: string;
  action: string;
}[] = [
  { movement: 'basketball_shot', event: 'release', action: 'Shot' },
  { movement: 'tennis_serve', event: 'contact', action: 'Serve' },
  { movement: 'tennis_groundstroke', event: 'contact_forehand', action: 'Forehand' },
  { movement: 'tennis_groundstroke', event: 'contact_backhand', action: 'Backhand' },
  { movement: 'golf_swing', event: 'impact', action: 'Swing' },
  { movement: 'vertical_jump', event: 'take_off', action: 'Jump' },
];

/** One recognised action of one athlete, as derived from a reading (before it has an id). */
export type SuggestedAction = {
  /** Seconds from the start of the video: the key event's time. */
  t: number;
  action: string;
  movement: MovementId;
  event: string;
  eventLabel: string;
  athleteName: string;
  trackId: number;
  playerMatchId: string | null;
  confidence: number;
  /** Recognised in the clip, or chosen by the coach (then the confidence says nothing). */
  movementSource: AthleteReading['movementSource'];
};

/**
 * The actions an analysis's readings recognised, in time order. Only readings that applied a
 * movement's rubric: an abstained reading (the general one, offered as "Which movement is
 * this?") suggests nothing, since a false suggestion costs the coach more than a missing one.
 */
export function suggestedActionsOf(readings: readonly AthleteReading[]): SuggestedAction[] {
  return readings
    .filter((reading) => reading.movement !== 'general')
    .flatMap((reading) =>
      reading.events.flatMap((event) => {
        const known = SUGGESTED_ACTIONS.find(
          (action) => action.movement === reading.movement && action.event === event.name,
        );
        if (!known) return [];
        return [
          {
            t: event.t,
            action: known.action,
            movement: reading.movement,
            event: event.name,
            eventLabel: event.label,
            athleteName: reading.name,
            trackId: reading.trackId,
            playerMatchId: reading.playerMatchId,
            confidence: reading.confidence,
            movementSource: reading.movementSource,
          },
        ];
      }),
    )
    .sort((a, b) => a.t - b.t);
}

/**
 * A suggested event on the video's "Suggested" row: an action the analysis recognised, not yet
 * accepted or dismissed. Not an event: never counted, exported or listed until accepted.
 */
export const tagSuggestionSchema = z
  .object({
    id: z.string().uuid().describe('Stable while the analysis that found it stays the same'),
    videoId: z.string().uuid(),
    t: z.number().describe('Seconds from the start of the video: the key event'),
    action: z.string().describe('What it looks like, e.g. "Shot": the button it likely is'),
    movement: z.string(),
    event: z.string().describe('The key event, e.g. "release"'),
    eventLabel: z.string(),
    athleteName: z.string(),
    playerId: z
      .string()
      .uuid()
      .nullable()
      .describe('The roster athlete the analysis identified, who becomes the event’s player'),
    confidence: z.number().min(0).max(1).describe('How sure the movement’s recognition was'),
    movementSource: z
      .enum(['detected', 'chosen'])
      .describe('Recognised in the clip, or chosen by the coach (the confidence is then 1)'),
    rangeId: z
      .string()
      .uuid()
      .nullable()
      .describe('The analysed range it was found in, or null for the whole-video analysis'),
  })
  .meta({ id: 'TagSuggestion' });
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;

export const tagSuggestionParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
  suggestionId: z.string().uuid({ error: 'Suggestion id must be a UUID' }),
});

/**
 * Accept a suggestion as an event of the button the coach picks: its name, colour, and the
 * clip around it (lead and lag), as a press of that button at the key event would make.
 */
export const acceptTagSuggestionBodySchema = z
  .object({
    code: z
      .string({ error: 'code is required' })
      .trim()
      .min(1, 'code is required')
      .max(TAG_NAME_MAX_LENGTH, `code must be at most ${TAG_NAME_MAX_LENGTH} characters`),
    colour: z
      .string({ error: 'colour must be text' })
      .regex(/^#[0-9a-fA-F]{6}$/, 'colour must be written as #rrggbb')
      .transform((colour) => colour.toLowerCase())
      .optional(),
    leadSeconds: z
      .number({ error: 'leadSeconds must be a number of seconds' })
      .min(0, 'leadSeconds must be 0 seconds or more')
      .max(TAG_LEAD_LAG_MAX_SECONDS, `leadSeconds must be at most ${TAG_LEAD_LAG_MAX_SECONDS}`)
      .default(0),
    lagSeconds: z
      .number({ error: 'lagSeconds must be a number of seconds' })
      .min(0, 'lagSeconds must be 0 seconds or more')
      .max(TAG_LEAD_LAG_MAX_SECONDS, `lagSeconds must be at most ${TAG_LEAD_LAG_MAX_SECONDS}`)
      .default(0),
    period: z
      .string({ error: 'period must be text' })
      .trim()
      .min(1, 'period must not be empty')
      .max(TAG_NAME_MAX_LENGTH)
      .nullable()
      .default(null),
  })
  .meta({ id: 'AcceptTagSuggestionBody' });
export type AcceptTagSuggestionBody = z.input<typeof acceptTagSuggestionBodySchema>;
