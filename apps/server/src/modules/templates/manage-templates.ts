// The template use cases: list, create (from scratch, or by saving a draft), read, change and
// delete. A business's templates are its people's to use (policy.ts); changing one never reaches a
// request made from it, which holds copies of its documents' rows and fields (ADR 080).
import type { Template } from '@countersign/contract';
import { checkFields } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import {
  allowedTemplateActions,
  authorizeTemplate,
  ownerOfNewTemplate,
  type TemplateAction,
  type TemplateCaller,
} from './policy.js';
import {
  MAX_TEMPLATES,
  type TemplateDefaults,
  type TemplateField,
  type TemplateRecord,
  type TemplateRepo,
  type TemplateRole,
} from './repo.js';

/** A draft request as a template takes it over: its signers become roles. */
export interface DraftForTemplate {
  defaults: Omit<TemplateDefaults, 'reminderDays'>;
  roles: TemplateRole[];
  documents: TemplateRecord['documents'];
  fields: TemplateField[];
}

/** Reads the caller's draft (signature-requests, handed in by the composition root). */
export type ReadDraftForTemplate = (
  principal: TemplateCaller,
  requestId: string,
) => Promise<DraftForTemplate>;

export interface TemplateDeps {
  templates: TemplateRepo;
  clock: Clock;
  readDraft: ReadDraftForTemplate;
  /** the owner's address, shown beside a shared template */
  emailOf: (userIds: readonly string[]) => Promise<Map<string, string>>;
}

const FALLBACK_DEFAULTS: TemplateDefaults = {
  title: '',
  message: '',
  quality: 'ses',
  legislation: 'eidas',
  deadlineDays: null,
  reminderDays: null,
};

export function presentTemplate(principal: TemplateCaller, t: TemplateRecord, ownerEmail: string): Template {
  return {
    id: t.id,
    name: t.name,
    shared: t.businessId !== null,
    ownerEmail,
    defaults: t.defaults,
    roles: t.roles,
    documents: t.documents,
    fields: t.fields,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    allowedActions: allowedTemplateActions(principal, t),
  };
}

/** The template as the caller is answered it, with its owner's address. */
export async function presentTemplateOf(
  deps: Pick<TemplateDeps, 'emailOf'>,
  principal: TemplateCaller,
  t: TemplateRecord,
) {
  const emails = await deps.emailOf([t.ownerId]);
  return presentTemplate(principal, t, emails.get(t.ownerId) ?? '');
}

/** The template named in a call, once the principal may take the action on it (404/403 otherwise). */
export async function loadTemplate(
  deps: Pick<TemplateDeps, 'templates'>,
  principal: TemplateCaller,
  id: string,
  action: TemplateAction,
): Promise<TemplateRecord> {
  const template = await deps.templates.find(id);
  if (!template) throw new AppError('template.not_found', 'No such template');
  authorizeTemplate(principal, action, template);
  return template;
}

export async function listTemplates(deps: TemplateDeps, principal: TemplateCaller) {
  const owner = ownerOfNewTemplate(principal);
  const items = await deps.templates.list(owner);
  const emails = await deps.emailOf([...new Set(items.map((t) => t.ownerId))]);
  return {
    items: items.map((t) => presentTemplate(principal, t, emails.get(t.ownerId) ?? '')),
    sharedWithBusiness: owner.businessId !== null,
  };
}

/** 422 `template.invalid_field` unless each field lies on a page of its document, for a role of the template. */
export function requireValidFields(t: Pick<TemplateRecord, 'fields' | 'documents' | 'roles'>): void {
  const found = checkFields(
    t.fields.map((f) => ({ ...f, signerId: f.roleId })),
    t.documents,
    t.roles.map((r) => r.id),
  );
  if (found)
    throw new AppError(
      'template.invalid_field',
      `Field ${found.fieldId ?? ''} is not valid: ${found.problem}`,
    );
}

export async function createTemplate(
  deps: TemplateDeps,
  principal: TemplateCaller,
  input: {
    name: string;
    fromRequestId?: string | undefined;
    roles: TemplateRole[];
    defaults: Partial<TemplateDefaults>;
  },
) {
  const owner = ownerOfNewTemplate(principal);
  if ((await deps.templates.count(owner)) >= MAX_TEMPLATES)
    throw new AppError('template.limit_reached', `At most ${MAX_TEMPLATES} templates`);
  const draft = input.fromRequestId ? await deps.readDraft(principal, input.fromRequestId) : undefined;
  const now = deps.clock.now().toISOString();
  const defaults = { ...FALLBACK_DEFAULTS, ...draft?.defaults, ...stripUndefined(input.defaults) };
  const record: TemplateRecord = {
    id: newId(),
    ...owner,
    name: input.name,
    defaults: { ...defaults, title: defaults.title || input.name },
    roles: draft?.roles ?? uniqueRoles(input.roles),
    documents: draft?.documents ?? [],
    fields: draft?.fields ?? [],
    createdAt: now,
    updatedAt: now,
  };
  await deps.templates.insert(record);
  return presentTemplateOf(deps, principal, record);
}

export async function readTemplate(deps: TemplateDeps, principal: TemplateCaller, id: string) {
  return presentTemplateOf(deps, principal, await loadTemplate(deps, principal, id, 'view'));
}

export async function updateTemplate(
  deps: TemplateDeps,
  principal: TemplateCaller,
  id: string,
  changes: {
    name?: string | undefined;
    defaults?: Partial<TemplateDefaults> | undefined;
    roles?: TemplateRole[] | undefined;
    fields?: TemplateField[] | undefined;
  },
) {
  const template = await loadTemplate(deps, principal, id, 'update');
  const next: TemplateRecord = {
    ...template,
    name: changes.name ?? template.name,
    defaults: { ...template.defaults, ...stripUndefined(changes.defaults ?? {}) },
    roles: changes.roles ? uniqueRoles(changes.roles) : template.roles,
    fields: changes.fields ?? template.fields,
    updatedAt: deps.clock.now().toISOString(),
  };
  const roleIds = new Set(next.roles.map((r) => r.id));
  if (changes.roles && !changes.fields && next.fields.some((f) => !roleIds.has(f.roleId)))
    throw new AppError('template.role_in_use', 'Fields are placed for a role that would be removed');
  requireValidFields(next);
  await deps.templates.update(next);
  return presentTemplateOf(deps, principal, next);
}

export async function deleteTemplate(deps: TemplateDeps, principal: TemplateCaller, id: string) {
  await loadTemplate(deps, principal, id, 'delete');
  // its documents' bytes stay while a request or draft names them; the blob sweep takes the rest
  await deps.templates.delete(id);
  return { ok: true as const };
}

function uniqueRoles(roles: readonly TemplateRole[]): TemplateRole[] {
  const seen = new Set<string>();
  for (const r of roles) {
    if (seen.has(r.id)) throw new AppError('template.role_unknown', `Role ${r.id} is given twice`);
    seen.add(r.id);
  }
  return [...roles];
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
