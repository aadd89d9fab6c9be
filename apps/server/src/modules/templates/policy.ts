// Who may do what with templates: one table of rules, `canOnTemplate(principal, action, template)`.
// A business's templates are shared with its people: every member may read and use them, their
// owner and the business's admins change and delete them. An individual's templates are their
// own. An API user of the business reads and uses the business's templates as a member does, and
// changes the ones it made (ADR 100). Anyone else learns nothing: 404, as for a template that does
// not exist.
import { AppError } from '../../lib/app-error.js';
import type { ApiUserPrincipal, PersonPrincipal, Principal } from '../../lib/principal.js';

/** How a principal stands to one template. */
export type TemplateRelation = 'owner' | 'admin' | 'member' | 'api_user' | 'outsider';

/** Who may make, list and use templates: a signed-in person, or an API user for its business. */
export type TemplateCaller = PersonPrincipal | ApiUserPrincipal;

export const TEMPLATE_ACTIONS = ['view', 'use', 'update', 'delete'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

export const TEMPLATE_POLICY: Readonly<Record<TemplateAction, readonly TemplateRelation[]>> = {
  view: ['owner', 'admin', 'member', 'api_user'],
  use: ['owner', 'admin', 'member', 'api_user'],
  update: ['owner', 'admin'],
  delete: ['owner', 'admin'],
};

export interface TemplateResource {
  ownerId: string;
  businessId: string | null;
}

/**
 * A business template is reached only through a membership of that business (its owner who left
 * the business no longer reaches it) or by one of its API users; an individual's only by its owner.
 */
export function relationToTemplate(
  principal: Principal | undefined,
  resource: TemplateResource,
): TemplateRelation {
  if (principal?.kind === 'api_user') {
    if (resource.businessId !== principal.businessId) return 'outsider';
    return principal.userId === resource.ownerId ? 'owner' : 'api_user';
  }
  if (principal?.kind !== 'person') return 'outsider';
  if (resource.businessId === null) return principal.userId === resource.ownerId ? 'owner' : 'outsider';
  if (principal.membership?.businessId !== resource.businessId) return 'outsider';
  if (principal.userId === resource.ownerId) return 'owner';
  return principal.membership.role;
}

export function canOnTemplate(
  principal: Principal | undefined,
  action: TemplateAction,
  resource: TemplateResource,
): boolean {
  return TEMPLATE_POLICY[action].includes(relationToTemplate(principal, resource));
}

export function allowedTemplateActions(
  principal: Principal | undefined,
  resource: TemplateResource,
): TemplateAction[] {
  return TEMPLATE_ACTIONS.filter((action) => canOnTemplate(principal, action, resource));
}

export function authorizeTemplate(
  principal: Principal | undefined,
  action: TemplateAction,
  resource: TemplateResource,
): void {
  if (canOnTemplate(principal, action, resource)) return;
  if (relationToTemplate(principal, resource) === 'outsider')
    throw new AppError('template.not_found', 'No such template');
  throw new AppError(
    'template.forbidden',
    'Only the owner of the template or an admin of its business may change it',
  );
}

/**
 * Whom a template the caller makes belongs to: their business's people, or themselves. An API user's
 * is always its business's, made by the account row that owns what it sends (ADR 052).
 */
export function ownerOfNewTemplate(principal: TemplateCaller): TemplateResource {
  if (principal.kind === 'api_user') return { ownerId: principal.userId, businessId: principal.businessId };
  return { ownerId: principal.userId, businessId: principal.membership?.businessId ?? null };
}
