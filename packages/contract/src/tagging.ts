import { z } from 'zod';

/** Enough buttons for any sport's code window; more would not fit a screen. */
export const TAG_BUTTONS_MAX = 40;
export const TAG_LABEL_GROUPS_MAX = 12;
export const TAG_LABELS_PER_GROUP_MAX = 24;
export const TAG_PERIODS_MAX = 12;
/** Derived numbers on one code window: a screen of percentages, not a spreadsheet. */
export const TAG_RATIOS_MAX = 12;
/** Games in one season view: a season of a weekly sport, with room for a tournament. */
export const TAG_SEASON_VIDEOS_MAX = 50;
/** A season cell's events listed at once, more than a coach reads down; the count says how many in all. */
export const TAG_SEASON_EVENTS_SHOWN = 500;
/** How far before or after the press a button's clip may reach (a possession, a power play). */
export const TAG_LEAD_LAG_MAX_SECONDS = 120;
export const TAG_NAME_MAX_LENGTH = 40;
/** A game's tagged events per video: 1,500 is a busy game; this leaves room for two coaches. */
export const TAG_EVENTS_PER_VIDEO_MAX = 5000;
/** An imported Sportscode file: about 2 MiB of XML holds 5,000 instances with labels. */
export const TAG_IMPORT_MAX_CHARACTERS = 4 * 1024 * 1024;

const nameSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(TAG_NAME_MAX_LENGTH, `${field} must be at most ${TAG_NAME_MAX_LENGTH} characters`);

const colourSchema = z
  .string({ error: 'colour must be text' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'colour must be written as #rrggbb')
  .transform((colour) => colour.toLowerCase());

/**
 * A key that tags: one letter. Digits are kept for typing a shirt number, so a hotkey never
 * swallows one.
 */
const hotkeySchema = z
  .string({ error: 'hotkey must be one letter' })
  .regex(/^[a-zA-Z]$/, 'hotkey must be one letter (digits type shirt numbers)')
  .transform((key) => key.toLowerCase())
  .nullable();

const secondsAroundSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .min(0, `${field} must be 0 seconds or more`)
    .max(TAG_LEAD_LAG_MAX_SECONDS, `${field} must be at most ${TAG_LEAD_LAG_MAX_SECONDS} seconds`);

/**
 * One button of a code window. An instant button makes an event at the press, its clip
 * reaching `leadSeconds` before and `lagSeconds` after; a toggled one starts an event at the
 * first press and ends it at the second (a possession, a power play).
 */
export const tagButtonSchema = z
  .object({
    name: nameSchema('Button name'),
    colour: colourSchema,
    hotkey: hotkeySchema,
    leadSeconds: secondsAroundSchema('leadSeconds'),
    lagSeconds: secondsAroundSchema('lagSeconds'),
    mode: z.enum(['instant', 'toggled'], { error: 'mode must be instant or toggled' }),
  })
  .meta({ id: 'TagButton' });
export type TagButton = z.infer<typeof tagButtonSchema>;

export const tagLabelSchema = z
  .object({ text: nameSchema('Label'), hotkey: hotkeySchema })
  .meta({ id: 'TagLabel' });
export type TagLabel = z.infer<typeof tagLabelSchema>;

/** Labels that describe an event one way (Result: made, missed). */
export const tagLabelGroupSchema = z
  .object({
    name: nameSchema('Label group name'),
    labels: z
      .array(tagLabelSchema)
      .min(1, 'A label group needs a label')
      .max(TAG_LABELS_PER_GROUP_MAX, `A label group holds at most ${TAG_LABELS_PER_GROUP_MAX}`),
  })
  .meta({ id: 'TagLabelGroup' });
export type TagLabelGroup = z.infer<typeof tagLabelGroupSchema>;

/** "Group: Text", as a label is written in a filter, a matrix column and a ratio. */
const labelFilterSchema = z
  .string()
  .max(2 * TAG_NAME_MAX_LENGTH + 2)
  .regex(/^[^:]+:.+$/, 'label must be written as Group: Text');

/** Which events a side of a ratio counts: of one type, carrying one label if named. */
const tagRatioSideSchema = z.object({
  code: nameSchema('Ratio event type'),
  label: labelFilterSchema.nullable().default(null).describe('"Group: Text", or null for all'),
});

/**
 * A derived number the coach defines on a code window: "FG%" = Shot with "Result: Made" over
 * Shot. The matrix shows it per column as made / attempted and a percentage.
 */
export const tagRatioSchema = z
  .object({
    name: nameSchema('Ratio name'),
    numerator: tagRatioSideSchema,
    denominator: tagRatioSideSchema,
  })
  .meta({ id: 'TagRatio' });
export type TagRatio = z.output<typeof tagRatioSchema>;

const ratiosSchema = z
  .array(tagRatioSchema)
  .max(TAG_RATIOS_MAX, `A code window holds at most ${TAG_RATIOS_MAX} ratios`);

/** What a code window is made of, for a ready-made one as for a coach's own. */
const codeWindowFields = {
  name: nameSchema('Name'),
  sport: nameSchema('Sport'),
  buttons: z
    .array(tagButtonSchema)
    .min(1, 'A code window needs a button')
    .max(TAG_BUTTONS_MAX, `A code window holds at most ${TAG_BUTTONS_MAX} buttons`),
  labelGroups: z
    .array(tagLabelGroupSchema)
    .max(TAG_LABEL_GROUPS_MAX, `A code window holds at most ${TAG_LABEL_GROUPS_MAX} label groups`),
  periods: z
    .array(nameSchema('Period'))
    .max(TAG_PERIODS_MAX, `A code window holds at most ${TAG_PERIODS_MAX} periods`)
    .describe('How the game splits: quarters, halves, sets'),
  ratios: ratiosSchema.default([]),
};

type CodeWindowShape = {
  buttons: { name: string; hotkey: string | null }[];
  labelGroups: { name: string; labels: { text: string; hotkey: string | null }[] }[];
  ratios?: {
    name: string;
    numerator: { code: string; label?: string | null };
    denominator: { code: string; label?: string | null };
  }[];
};

/**
 * Why a code window is ambiguous, or null: a press must mean one thing, so button names, group
 * names and hotkeys are each used once.
 */
export function codeWindowClash(window: CodeWindowShape): string | null {
  const repeats = (values: string[]) =>
    new Set(values.map((value) => value.toLowerCase())).size !== values.length;
  if (repeats(window.buttons.map((button) => button.name))) return 'Each button needs its own name';
  if (repeats(window.labelGroups.map((group) => group.name))) {
    return 'Each label group needs its own name';
  }
  if (repeats((window.ratios ?? []).map((ratio) => ratio.name))) {
    return 'Each ratio needs its own name';
  }
  const ratioProblem = ratioOutsideWindow(window);
  if (ratioProblem) return ratioProblem;
  const hotkeys = [
    ...window.buttons.map((button) => button.hotkey),
    ...window.labelGroups.flatMap((group) => group.labels.map((label) => label.hotkey)),
  ].filter((key): key is string => key !== null);
  return repeats(hotkeys) ? 'Each hotkey may be used once in a code window' : null;
}

/** Why a ratio counts something the window cannot tag, or null: it would always read 0 / 0. */
function ratioOutsideWindow(window: CodeWindowShape): string | null {
  const buttons = new Set(window.buttons.map((button) => button.name));
  const labels = new Set(
    window.labelGroups.flatMap((group) =>
      group.labels.map((label) => `${group.name}: ${label.text}`),
    ),
  );
  for (const ratio of window.ratios ?? []) {
    for (const side of [ratio.numerator, ratio.denominator]) {
      if (!buttons.has(side.code)) {
        return `Ratio "${ratio.name}" counts "${side.code}", which is not a button of this code window`;
      }
      if (side.label && !labels.has(side.label)) {
        return `Ratio "${ratio.name}" names the label "${side.label}", which this code window does not have`;
      }
    }
  }
  return null;
}

/**
 * The same shapes as answered: already checked and normalised, so plain (a response schema
 * with a transform cannot be serialised).
 */
const storedButtonSchema = z
  .object({
    name: z.string(),
    colour: z.string(),
    hotkey: z.string().nullable(),
    leadSeconds: z.number(),
    lagSeconds: z.number(),
    mode: z.enum(['instant', 'toggled']),
  })
  .meta({ id: 'StoredTagButton' });
const storedLabelGroupSchema = z
  .object({
    name: z.string(),
    labels: z.array(z.object({ text: z.string(), hotkey: z.string().nullable() })),
  })
  .meta({ id: 'StoredTagLabelGroup' });
const storedRatioSideSchema = z.object({ code: z.string(), label: z.string().nullable() });
const storedRatioSchema = z
  .object({
    name: z.string(),
    numerator: storedRatioSideSchema,
    denominator: storedRatioSideSchema,
  })
  .meta({ id: 'StoredTagRatio' });
const storedWindowFields = {
  name: z.string(),
  sport: z.string(),
  buttons: z.array(storedButtonSchema),
  labelGroups: z.array(storedLabelGroupSchema),
  periods: z.array(z.string()),
  ratios: z.array(storedRatioSchema),
};

/** A ready-made code window served from the server's code, to copy and edit. */
export const readyMadeTemplateSchema = z
  .object({ key: z.string().describe('Names it to copy it'), ...storedWindowFields })
  .meta({ id: 'ReadyMadeTemplate' });
export type ReadyMadeTemplate = z.infer<typeof readyMadeTemplateSchema>;

/** A coach's code window; shared with one of their teams, its members may read and copy it. */
export const tagTemplateSchema = z
  .object({
    id: z.string().uuid(),
    ...storedWindowFields,
    teamId: z.string().uuid().nullable().describe('The team it is shared with, if any'),
    mine: z.boolean().describe('True for its owner, the only one who changes it'),
    ownerName: z.string(),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'TagTemplate' });
export type TagTemplate = z.infer<typeof tagTemplateSchema>;

export const tagTemplateListSchema = z
  .object({
    templates: z.array(tagTemplateSchema).describe('The user’s own, then those shared with them'),
    readyMade: z.array(readyMadeTemplateSchema),
  })
  .meta({ id: 'TagTemplateList' });
export type TagTemplateList = z.infer<typeof tagTemplateListSchema>;

export const createTagTemplateBodySchema = z
  .object({ ...codeWindowFields, teamId: z.string().uuid().nullable().optional() })
  .superRefine((window, context) => {
    const clash = codeWindowClash(window);
    if (clash) context.addIssue({ code: 'custom', message: clash, path: ['buttons'] });
  })
  .meta({ id: 'CreateTagTemplateBody' });
export type CreateTagTemplateBody = z.input<typeof createTagTemplateBodySchema>;

export const updateTagTemplateBodySchema = z
  .object({
    name: codeWindowFields.name.optional(),
    sport: codeWindowFields.sport.optional(),
    buttons: codeWindowFields.buttons.optional(),
    labelGroups: codeWindowFields.labelGroups.optional(),
    periods: codeWindowFields.periods.optional(),
    ratios: ratiosSchema.optional(),
    teamId: z.string().uuid().nullable().optional(),
  })
  .meta({ id: 'UpdateTagTemplateBody' });
export type UpdateTagTemplateBody = z.input<typeof updateTagTemplateBodySchema>;

/** Copy a ready-made window (by `readyMade` key) or one the user may read (by `templateId`). */
export const copyTagTemplateBodySchema = z
  .object({
    readyMade: z.string().max(TAG_NAME_MAX_LENGTH).optional(),
    templateId: z.string().uuid({ error: 'templateId must be a UUID' }).optional(),
  })
  .refine((body) => (body.readyMade === undefined) !== (body.templateId === undefined), {
    message: 'Name either readyMade or templateId',
    path: ['readyMade'],
  })
  .meta({ id: 'CopyTagTemplateBody' });
export type CopyTagTemplateBody = z.input<typeof copyTagTemplateBodySchema>;

export const tagTemplateParamsSchema = z.object({
  templateId: z.string().uuid({ error: 'Template id must be a UUID' }),
});

// ---------------------------------------------------------------------------------------------
// Tagged events on a video.

export const tagEventLabelSchema = z
  .object({ group: nameSchema('Label group'), text: nameSchema('Label') })
  .meta({ id: 'TagEventLabel' });
export type TagEventLabel = z.infer<typeof tagEventLabelSchema>;

const secondsSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .min(0, `${field} must be 0 seconds or more`);

/**
 * Something that happened in the game: its type (the button's name), its in and out on the
 * video's timeline, what describes it, who did it (an athlete of the video owner's roster)
 * and when (the period). Its clip reaches `leadSeconds` before its in and `lagSeconds` after
 * its out.
 */
export const tagEventSchema = z
  .object({
    id: z.string().uuid(),
    videoId: z.string().uuid(),
    code: z.string().describe('The event type: the name of the button that made it'),
    colour: z.string(),
    start: z.number().describe('Seconds from the start of the video'),
    end: z.number().describe('Seconds from the start of the video, not before `start`'),
    leadSeconds: z.number(),
    lagSeconds: z.number(),
    labels: z.array(tagEventLabelSchema),
    playerId: z.string().uuid().nullable(),
    playerName: z.string().nullable(),
    playerNumber: z.number().int().nullable(),
    period: z.string().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'TagEvent' });
export type TagEvent = z.infer<typeof tagEventSchema>;

const labelsSchema = z
  .array(tagEventLabelSchema)
  .max(TAG_LABEL_GROUPS_MAX * 2, 'Too many labels on one event');
const periodSchema = nameSchema('Period').nullable();

export const createTagEventBodySchema = z
  .object({
    code: nameSchema('code'),
    colour: colourSchema.optional(),
    start: secondsSchema('start'),
    end: secondsSchema('end'),
    leadSeconds: secondsAroundSchema('leadSeconds').default(0),
    lagSeconds: secondsAroundSchema('lagSeconds').default(0),
    labels: labelsSchema.default([]),
    playerId: z.string().uuid({ error: 'playerId must be a UUID' }).nullable().default(null),
    period: periodSchema.default(null),
  })
  .refine((body) => body.end >= body.start, {
    message: 'end must not be before start',
    path: ['end'],
  })
  .meta({ id: 'CreateTagEventBody' });
export type CreateTagEventBody = z.input<typeof createTagEventBodySchema>;

export const updateTagEventBodySchema = z
  .object({
    code: nameSchema('code').optional(),
    start: secondsSchema('start').optional(),
    end: secondsSchema('end').optional(),
    labels: labelsSchema.optional(),
    playerId: z.string().uuid({ error: 'playerId must be a UUID' }).nullable().optional(),
    period: periodSchema.optional(),
  })
  .meta({ id: 'UpdateTagEventBody' });
export type UpdateTagEventBody = z.input<typeof updateTagEventBodySchema>;

export const tagVideoParamsSchema = z.object({
  videoId: z.string().uuid({ error: 'Video id must be a UUID' }),
});
export const tagEventParamsSchema = tagVideoParamsSchema.extend({
  eventId: z.string().uuid({ error: 'Event id must be a UUID' }),
});

/**
 * The player "filter" and matrix column of events tagged with nobody: a cell of the matrix
 * opens with the same filter as its column's key.
 */
export const TAG_NO_PLAYER = 'none';

/** Which events: every condition given must hold. */
export const tagEventFilterSchema = z
  .object({
    code: z.string().max(TAG_NAME_MAX_LENGTH).optional(),
    period: z.string().max(TAG_NAME_MAX_LENGTH).optional(),
    playerId: z
      .union([z.literal(TAG_NO_PLAYER), z.string().uuid()], {
        error: `playerId must be a UUID or "${TAG_NO_PLAYER}"`,
      })
      .optional()
      .describe(`An athlete's id, or "${TAG_NO_PLAYER}" for events with no player`),
    label: labelFilterSchema.optional(),
  })
  .meta({ id: 'TagEventFilter' });
export type TagEventFilter = z.infer<typeof tagEventFilterSchema>;

export const tagEventListQuerySchema = tagEventFilterSchema.extend({
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .describe('true: only the events tagged with the asker’s name (My events)'),
});

export const tagStatsQuerySchema = tagEventFilterSchema.extend({
  by: z.enum(['label', 'player'], { error: 'by must be label or player' }).default('label'),
  templateId: z
    .string()
    .uuid({ error: 'templateId must be a UUID' })
    .optional()
    .describe('A code window the asker may read: its ratios are worked out'),
});

const seasonVideoIdsSchema = z
  .string({ error: 'videoIds is required' })
  .transform((written) => [...new Set(written.split(',').map((id) => id.trim()))])
  .pipe(
    z
      .array(z.string().uuid({ error: 'videoIds must be UUIDs, separated by commas' }))
      .min(1, 'Name at least one video')
      .max(TAG_SEASON_VIDEOS_MAX, `A season view holds at most ${TAG_SEASON_VIDEOS_MAX} videos`),
  )
  .describe('Comma-separated video ids');

/** The season view: the same matrix over several games the asker may view. */
export const tagSeasonStatsQuerySchema = tagStatsQuerySchema.extend({
  videoIds: seasonVideoIdsSchema,
});

/**
 * The events of a season view's cell: the cell's filter (its event type, column and period)
 * over the same games. A cell carries no event ids, so it opens by asking for them.
 */
export const tagSeasonEventsQuerySchema = tagEventFilterSchema.extend({
  videoIds: seasonVideoIdsSchema,
});

/** A season cell's events, in game order (as the games were named), each game in timeline order. */
export const tagSeasonEventsSchema = z
  .object({
    events: z
      .array(tagEventSchema)
      .describe(`The first ${TAG_SEASON_EVENTS_SHOWN} events: each names its video`),
    total: z.number().int().min(0).describe('How many events the filter picks in all'),
  })
  .meta({ id: 'TagSeasonEvents' });
export type TagSeasonEvents = z.infer<typeof tagSeasonEventsSchema>;

/** A ratio in one column: made / attempted; percentage null when nothing was attempted. */
export const tagRatioValueSchema = z
  .object({
    made: z.number().int().min(0),
    attempted: z.number().int().min(0),
    percentage: z.number().nullable().describe('0 to 100, one decimal'),
  })
  .meta({ id: 'TagRatioValue' });
export type TagRatioValue = z.infer<typeof tagRatioValueSchema>;

/**
 * One cell of the matrix: how many events. Which they are is asked for when the cell is
 * opened, with the cell's filter (a season's cells would otherwise carry thousands of ids).
 */
export const tagStatsCellSchema = z
  .object({ column: z.string(), count: z.number().int().min(1) })
  .meta({ id: 'TagStatsCell' });

/**
 * Event types × labels (columns "Group: Text") or × players (columns the player's id, or
 * "none"); only cells with events are listed. A cell's events are those of the filter
 * `{ code, label: column }` or `{ code, playerId: column }`, with the period counted.
 */
export const tagStatsSchema = z
  .object({
    by: z.enum(['label', 'player']),
    columns: z.array(z.object({ key: z.string(), title: z.string() })),
    rows: z.array(
      z.object({
        code: z.string(),
        colour: z.string(),
        total: z.number().int().min(0),
        cells: z.array(tagStatsCellSchema),
      }),
    ),
    total: z.number().int().min(0),
    ratios: z
      .array(
        z.object({
          name: z.string(),
          total: tagRatioValueSchema,
          cells: z
            .array(tagRatioValueSchema.extend({ column: z.string() }))
            .describe('Columns with anything attempted'),
        }),
      )
      .describe('The ratios of the code window named by templateId, else none'),
    videoIds: z.array(z.string()).describe('The games counted'),
  })
  .meta({ id: 'TagStats' });
export type TagStats = z.infer<typeof tagStatsSchema>;

/** A playlist of the events the filter picks, or of the events named, one clip each. */
export const tagPlaylistBodySchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(200, 'Title must be at most 200 characters'),
    filter: tagEventFilterSchema.default({}),
    eventIds: z
      .array(z.string().uuid({ error: 'eventIds must be UUIDs' }))
      .max(200)
      .optional(),
  })
  .meta({ id: 'TagPlaylistBody' });
export type TagPlaylistBody = z.input<typeof tagPlaylistBodySchema>;

/**
 * A season cell made film: one playlist of every event the filter picks across the games, in
 * the order the games are named, each game in timeline order.
 */
export const tagSeasonPlaylistBodySchema = tagPlaylistBodySchema
  .omit({ eventIds: true })
  .extend({
    videoIds: z
      .array(z.string().uuid({ error: 'videoIds must be UUIDs' }), {
        error: 'videoIds is required: the games, in order',
      })
      .min(1, 'Name at least one video')
      .max(TAG_SEASON_VIDEOS_MAX, `A season view holds at most ${TAG_SEASON_VIDEOS_MAX} videos`)
      .transform((ids) => [...new Set(ids)])
      .describe('The games, in the order their clips play'),
  })
  .meta({ id: 'TagSeasonPlaylistBody' });
export type TagSeasonPlaylistBody = z.input<typeof tagSeasonPlaylistBodySchema>;

export const tagPlaylistSchema = z
  .object({ playlistId: z.string().uuid(), clipCount: z.number().int().min(1) })
  .meta({ id: 'TagPlaylist' });
export type TagPlaylistResult = z.infer<typeof tagPlaylistSchema>;

export const tagImportBodySchema = z
  .object({
    xml: z
      .string({ error: 'xml is required' })
      .min(1, 'xml is required')
      .max(TAG_IMPORT_MAX_CHARACTERS, 'The file is too large to import'),
  })
  .meta({ id: 'TagImportBody' });

export const tagImportResultSchema = z
  .object({ imported: z.number().int().min(0) })
  .meta({ id: 'TagImportResult' });

/** An athlete a coach may tag on this video: the video owner's roster, with shirt numbers. */
export const tagPlayerSchema = z
  .object({ id: z.string().uuid(), name: z.string(), number: z.number().int().nullable() })
  .meta({ id: 'TagPlayer' });
export type TagPlayer = z.infer<typeof tagPlayerSchema>;

/**
 * Sent on the event stream when a video's tagged events change; pages fetch them again. A
 * suggestion dismissed changes no event, only the editors' "Suggested" row (an accepted one is
 * `created`: its event).
 */
export const tagEventChangedSchema = z
  .object({
    videoId: z.string().uuid(),
    change: z.enum(['created', 'updated', 'deleted', 'imported', 'suggestion-dismissed']),
    eventId: z.string().uuid().nullable(),
  })
  .meta({ id: 'TagEventChanged' });
export type TagEventChanged = z.infer<typeof tagEventChangedSchema>;
