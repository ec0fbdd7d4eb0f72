import { z } from 'zod';
import { accessLevelSchema } from './videos';

export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_SPORT_MAX_LENGTH = 60;

const colorSchema = z
  .string({ error: 'Colours must be text' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colours must be written as #rrggbb')
  .transform((color) => color.toLowerCase());

/** Someone on a team. The coach sees each member's address; teammates see only names. */
export const teamMemberSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    username: z.string().nullable().describe('Shown to the team’s coach only'),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    sport: z.string(),
    primaryColor: z.string().nullable(),
    secondaryColor: z.string().nullable(),
    coach: z.object({ id: z.string().uuid(), name: z.string() }),
    /** True for the coach who made the team: only they change it. */
    isMine: z.boolean(),
    members: z.array(teamMemberSchema),
    videoCount: z.number().int().min(0).describe('Videos shared with the team'),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

const nameSchema = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_NAME_MAX_LENGTH, `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`);
const sportSchema = z
  .string({ error: 'Sport is required' })
  .trim()
  .min(1, 'Sport is required')
  .max(TEAM_SPORT_MAX_LENGTH, `Sport must be at most ${TEAM_SPORT_MAX_LENGTH} characters`);

export const createTeamBodySchema = z
  .object({
    name: nameSchema,
    sport: sportSchema,
    primaryColor: colorSchema.nullable().optional(),
    secondaryColor: colorSchema.nullable().optional(),
  })
  .meta({ id: 'CreateTeamBody' });
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

export const updateTeamBodySchema = z
  .object({
    name: nameSchema.optional(),
    sport: sportSchema.optional(),
    primaryColor: colorSchema.nullable().optional(),
    secondaryColor: colorSchema.nullable().optional(),
  })
  .meta({ id: 'UpdateTeamBody' });
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;

export const addTeamMemberBodySchema = z
  .object({
    athleteId: z.string({ error: 'athleteId is required' }).uuid('athleteId must be a UUID'),
  })
  .meta({ id: 'AddTeamMemberBody' });
export type AddTeamMemberBody = z.input<typeof addTeamMemberBodySchema>;

export const teamParamsSchema = z.object({
  teamId: z.string().uuid({ error: 'Team id must be a UUID' }),
});
export const teamMemberParamsSchema = teamParamsSchema.extend({
  athleteId: z.string().uuid({ error: 'Athlete id must be a UUID' }),
});

/** A video or playlist shared with a team. */
export const teamShareSchema = z
  .object({
    id: z.string().uuid(),
    team: z.object({ id: z.string().uuid(), name: z.string() }),
    accessLevel: accessLevelSchema,
    memberCount: z.number().int().min(0),
  })
  .meta({ id: 'TeamShare' });
export type TeamShare = z.infer<typeof teamShareSchema>;

export const shareWithTeamBodySchema = z
  .object({
    teamId: z.string({ error: 'teamId is required' }).uuid('teamId must be a UUID'),
    accessLevel: z
      .enum(accessLevelSchema.options, { error: 'Access level must be view or edit' })
      .default('view')
      .meta({ description: 'view (the default) or edit' }),
  })
  .meta({ id: 'ShareWithTeamBody' });
export type ShareWithTeamBody = z.input<typeof shareWithTeamBodySchema>;

export const sharePlaylistWithTeamBodySchema = z
  .object({ teamId: z.string({ error: 'teamId is required' }).uuid('teamId must be a UUID') })
  .meta({ id: 'SharePlaylistWithTeamBody' });

export const videoTeamShareParamsSchema = z.object({
  id: z.string().uuid({ error: 'Video id must be a UUID' }),
  teamShareId: z.string().uuid({ error: 'Team share id must be a UUID' }),
});
export const playlistTeamShareParamsSchema = z.object({
  playlistId: z.string().uuid({ error: 'Playlist id must be a UUID' }),
  teamShareId: z.string().uuid({ error: 'Team share id must be a UUID' }),
});
