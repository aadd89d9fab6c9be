// A saved template as its editor holds it (ADR 100): the name, the defaults as the form's inputs
// hold them, the roles, and the fields in the field editor's shape (a role stands where the
// editor's signer stands, keyed by the role's id). `toUpdate` is the PUT /v3/templates/{id} body.
import type { EndpointBody, Template, templateEndpoints } from '@countersign/contract';
import type { FieldDraft, SignerDraft } from '../upload/draft-model.js';

export interface TemplateForm {
  name: string;
  title: string;
  message: string;
  quality: Template['defaults']['quality'];
  legislation: Template['defaults']['legislation'];
  /** days as typed; empty: the installation's default */
  deadlineDays: string;
  reminderDays: string;
  roles: Template['roles'];
  fields: FieldDraft[];
}

export function formOf(template: Template): TemplateForm {
  const { defaults } = template;
  return {
    name: template.name,
    title: defaults.title,
    message: defaults.message,
    quality: defaults.quality,
    legislation: defaults.legislation,
    deadlineDays: defaults.deadlineDays === null ? '' : String(defaults.deadlineDays),
    reminderDays: defaults.reminderDays === null ? '' : String(defaults.reminderDays),
    roles: template.roles,
    fields: template.fields.map(({ roleId, ...f }) => ({ ...f, signerEmail: roleId })),
  };
}

/** The roles as the field editor's signers. */
export const rolesAsSigners = (form: TemplateForm): SignerDraft[] =>
  form.roles.map((r) => ({ email: r.id, name: r.name }));

const daysOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function toUpdate(form: TemplateForm): EndpointBody<typeof templateEndpoints.updateTemplate> {
  return {
    name: form.name.trim(),
    defaults: {
      ...(form.title.trim() && { title: form.title.trim() }),
      message: form.message,
      quality: form.quality,
      legislation: form.legislation,
      deadlineDays: daysOf(form.deadlineDays),
      reminderDays: daysOf(form.reminderDays),
    },
    roles: form.roles.map((r) => ({ id: r.id, name: r.name.trim() })),
    fields: form.fields.map(({ signerEmail, ...f }) => ({ ...f, roleId: signerEmail })),
  };
}

/** A role id the template does not have yet. */
export function newRoleId(roles: readonly { id: string }[]): string {
  for (let n = roles.length + 1; ; n++) {
    const id = `role-${n}`;
    if (!roles.some((r) => r.id === id)) return id;
  }
}

/** The form without a role and the fields placed for it. */
export const withoutRole = (form: TemplateForm, roleId: string): TemplateForm => ({
  ...form,
  roles: form.roles.filter((r) => r.id !== roleId),
  fields: form.fields.filter((f) => f.signerEmail !== roleId),
});
