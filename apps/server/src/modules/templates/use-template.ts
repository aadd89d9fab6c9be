// Making a request from a template: a person (or a signer group) for each role, and values the
// sender fills in for the signers' text fields and check boxes. The checks are here; the request
// itself is made by the signature-requests module's own creation and sending (handed in by the
// composition root), so a template's request is signed exactly as any other (ADR 080).
import { FIELD_SOURCE } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { loadTemplate } from './manage-templates.js';
import type { TemplateCaller } from './policy.js';
import type { TemplateField, TemplateRecord, TemplateRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RoleAssignment =
  { roleId: string; email: string; name?: string | undefined } | { roleId: string; groupId: string };

/** What a request made from a template is made of, once checked. */
export interface TemplateUse {
  title: string;
  message: string;
  /** one per role, in the template's role order */
  signatures: ({ email: string; name?: string | undefined } | { groupId: string })[];
  observers: string[];
  /** the sender's values by template field id, as stored ("true"/"false" for a check box) */
  fieldValues: Map<string, string>;
  expiresAt: string | undefined;
  reminderDays: number | null;
}

/** Makes the request (signature-requests' creation and sending): its id and whether it was sent. */
export type MakeRequestFromTemplate = (
  principal: TemplateCaller,
  template: TemplateRecord,
  use: TemplateUse,
  send: boolean,
) => Promise<{ signatureRequestId: string; status: 'draft' | 'open' }>;

/** Whether the sender may fill a field in advance: text and check boxes (the rest the signing fills). */
export const isPrefillable = (f: Pick<TemplateField, 'kind'>) => FIELD_SOURCE[f.kind] === 'entered';

/** The problem with one value for one field, or null. */
export function valueProblem(field: TemplateField | undefined, value: string | boolean): string | null {
  if (!field || !isPrefillable(field)) return 'the template has no such field to fill in advance';
  if ((field.kind === 'checkbox') !== (typeof value === 'boolean'))
    return field.kind === 'checkbox' ? 'takes true or false' : 'takes text';
  return null;
}

export function resolveUse(
  template: TemplateRecord,
  input: {
    roles: readonly RoleAssignment[];
    fieldValues: readonly { fieldId: string; value: string | boolean }[];
    title?: string | undefined;
    message?: string | undefined;
    observers: readonly string[];
  },
  now: Date,
): TemplateUse {
  if (template.documents.length === 0)
    throw new AppError('template.no_documents', 'The template has no documents');
  const byRole = new Map<string, RoleAssignment>();
  for (const a of input.roles) {
    if (!template.roles.some((r) => r.id === a.roleId) || byRole.has(a.roleId))
      throw new AppError(
        'template.role_unknown',
        `Role ${a.roleId} is not the template's, or is given twice`,
      );
    byRole.set(a.roleId, a);
  }
  const missing = template.roles.filter((r) => !byRole.has(r.id));
  if (missing.length > 0)
    throw new AppError(
      'template.role_missing',
      `No one is given for ${missing.map((r) => r.name).join(', ')}`,
      {
        roles: missing.map((r) => r.id),
      },
    );
  const fieldValues = new Map<string, string>();
  for (const { fieldId, value } of input.fieldValues) {
    const problem = valueProblem(
      template.fields.find((f) => f.id === fieldId),
      value,
    );
    if (problem || fieldValues.has(fieldId))
      throw new AppError('template.field_unknown', `Field ${fieldId}: ${problem ?? 'given twice'}`, {
        fields: [fieldId],
      });
    fieldValues.set(fieldId, String(value));
  }
  const { deadlineDays } = template.defaults;
  return {
    title: input.title ?? template.defaults.title,
    message: input.message ?? template.defaults.message,
    signatures: template.roles.map((r) => {
      const a = byRole.get(r.id)!;
      return 'groupId' in a ? { groupId: a.groupId } : { email: a.email, name: a.name };
    }),
    observers: [...input.observers],
    fieldValues,
    expiresAt: deadlineDays ? new Date(now.getTime() + deadlineDays * DAY_MS).toISOString() : undefined,
    reminderDays: template.defaults.reminderDays,
  };
}

export interface UseTemplateDeps {
  templates: TemplateRepo;
  clock: Clock;
  makeRequest: MakeRequestFromTemplate;
}

/** POST /v3/templates/{id}/signature-requests */
export async function useTemplate(
  deps: UseTemplateDeps,
  principal: TemplateCaller,
  id: string,
  input: Parameters<typeof resolveUse>[1] & { send: boolean },
) {
  const template = await loadTemplate(deps, principal, id, 'use');
  const use = resolveUse(template, input, deps.clock.now());
  return deps.makeRequest(principal, template, use, input.send);
}
