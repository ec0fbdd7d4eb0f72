import {
  codeWindowClash,
  type CopyTagTemplateBody,
  type TagTemplate,
  type TagTemplateList,
  type createTagTemplateBodySchema,
  type updateTagTemplateBodySchema,
} from '@filmroom/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { tagTemplates, teams, users, type TagTemplateRow, type UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { requireAccess, templatesReadableBy } from '../access';
import { READY_MADE_TEMPLATES } from './ready-made-templates';

type NewTemplate = z.output<typeof createTagTemplateBodySchema>;
type TemplateChange = z.output<typeof updateTagTemplateBodySchema>;

/**
 * Code windows: a coach's own, changed by them alone; shared with one of their teams, its
 * members read and copy it. The ready-made ones come from code and are copied, never changed.
 */
export class TagTemplateService {
  constructor(private readonly db: Database) {}

  async list(user: UserRow): Promise<TagTemplateList> {
    const rows = await this.db
      .select({ template: tagTemplates, ownerName: users.name })
      .from(tagTemplates)
      .innerJoin(users, eq(users.id, tagTemplates.ownerId))
      .where(templatesReadableBy(this.db, user))
      .orderBy(desc(tagTemplates.updatedAt), asc(tagTemplates.id));
    const templates = rows
      .map((row) => toTemplateView(row.template, row.ownerName, user))
      .sort((a, b) => Number(b.mine) - Number(a.mine));
    return { templates, readyMade: [...READY_MADE_TEMPLATES] };
  }

  async get(user: UserRow, templateId: string): Promise<TagTemplate> {
    const { template, ownerName } = await requireAccess(this.db, user, 'template.read', templateId);
    return toTemplateView(template, ownerName, user);
  }

  async create(user: UserRow, input: NewTemplate): Promise<TagTemplate> {
    if (!user.isCoach) throw forbidden('Only coaches keep code windows');
    await this.requireOwnTeam(user, input.teamId ?? null);
    const [template] = await this.db
      .insert(tagTemplates)
      .values({
        ownerId: user.id,
        teamId: input.teamId ?? null,
        name: input.name,
        sport: input.sport,
        buttons: input.buttons,
        labelGroups: input.labelGroups,
        periods: input.periods,
        ratios: input.ratios,
      })
      .returning();
    return toTemplateView(template!, user.name, user);
  }

  /** The user's own copy of a ready-made window, or of one they may read. */
  async copy(user: UserRow, source: CopyTagTemplateBody): Promise<TagTemplate> {
    if (source.readyMade !== undefined) {
      const readyMade = READY_MADE_TEMPLATES.find((template) => template.key === source.readyMade);
      if (!readyMade) throw notFound('There is no ready-made code window by that name');
      const { key: _key, ...window } = readyMade;
      return this.create(user, { ...window, teamId: null });
    }
    const { template } = await requireAccess(this.db, user, 'template.read', source.templateId!);
    return this.create(user, {
      name: template.name,
      sport: template.sport,
      buttons: template.buttons,
      labelGroups: template.labelGroups,
      periods: template.periods,
      ratios: template.ratios,
      teamId: null,
    });
  }

  async update(user: UserRow, templateId: string, change: TemplateChange): Promise<TagTemplate> {
    const { template: current } = await requireAccess(this.db, user, 'template.edit', templateId);
    const next = {
      name: change.name ?? current.name,
      sport: change.sport ?? current.sport,
      buttons: change.buttons ?? current.buttons,
      labelGroups: change.labelGroups ?? current.labelGroups,
      periods: change.periods ?? current.periods,
      ratios: change.ratios ?? current.ratios,
      teamId: change.teamId === undefined ? current.teamId : change.teamId,
    };
    const clash = codeWindowClash(next);
    if (clash) throw badRequest(clash);
    await this.requireOwnTeam(user, next.teamId);
    const [template] = await this.db
      .update(tagTemplates)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(tagTemplates.id, templateId))
      .returning();
    return toTemplateView(template!, user.name, user);
  }

  async delete(user: UserRow, templateId: string): Promise<void> {
    await requireAccess(this.db, user, 'template.edit', templateId);
    await this.db.delete(tagTemplates).where(eq(tagTemplates.id, templateId));
  }

  /** A window is shared only with a team of its owner's (one they coach). */
  private async requireOwnTeam(user: UserRow, teamId: string | null): Promise<void> {
    if (teamId === null) return;
    const [team] = await this.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), eq(teams.coachId, user.id)));
    if (!team) throw badRequest('teamId must name one of your teams');
  }
}

function toTemplateView(template: TagTemplateRow, ownerName: string, user: UserRow): TagTemplate {
  return {
    id: template.id,
    name: template.name,
    sport: template.sport,
    buttons: template.buttons,
    labelGroups: template.labelGroups,
    periods: template.periods,
    ratios: template.ratios,
    teamId: template.teamId,
    mine: template.ownerId === user.id,
    ownerName,
    updatedAt: template.updatedAt.toISOString(),
  };
}
