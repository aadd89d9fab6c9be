// Who may do what with templates: one table of rules, `canOnTemplate(principal, action, template)`.
// A business's templates are shared with its people: every member may read and use them, their
// owner and the business's admins change and delete them. An individual's templates are their
// own. Anyone else learns nothing: 404, as for a template that does not exist.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';

/** How a principal stands to one template. */
export type TemplateRelation = 'owner' | 'admin' | 'member' | 'outsider';

export const TEMPLATE_ACTIONS = ['view', 'use', 'update', 'delete'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

export const TEMPLATE_POLICY: Readonly<Record<TemplateAction, readonly TemplateRelation[]>> = {
  view: ['owner', 'admin', 'member'],
  use: ['owner', 'admin', 'member'],
  update: ['owner', 'admin'],
  delete: ['owner', 'admin'],
};

export interface TemplateResource {
  ownerId: string;
  businessId: string | null;
}

/**
 * A business template is reached only through a membership of that business (its owner who left
 * the business no longer reaches it); an individual's only by its owner.
 */
export function relationToTemplate(
  principal: Principal | undefined,
  resource: TemplateResource,
): TemplateRelation {
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

/** Whom a template the principal makes belongs to: their business's people, or themselves. */
export function ownerOfNewTemplate(principal: Extract<Principal, { kind: 'person' }>): TemplateResource {
  return { ownerId: principal.userId, businessId: principal.membership?.businessId ?? null };
}
