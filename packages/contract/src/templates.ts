// Templates and bulk send (ADR 080). A template is a request prepared once: documents, roles in the
// place of people, the fields of each role, and defaults for the message, signature level,
// legislation, deadline and reminder. A business's templates are shared with its people; an
// individual's are their own; any other answers 404. An API user of a business makes the same calls
// for its business (ADR 100): it reads and uses the business's templates, and changes those it made.
// A request is made from a template by naming a person or a signer group per role (bulk send,
// `bulk-send.ts`, makes one per row of a CSV).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZEmail, ZLegislation, ZQuality } from './user.js';
import { ZFieldKind } from './signature-requests.js';

const tags = ['Templates'];
const ZId = z.string().min(1).max(64);
const ZIdParams = z.object({ id: ZId });
const ZRoleName = z.string().trim().min(1).max(100);

/** A role: the place of one signer, filled when a request is made from the template. */
export const ZTemplateRole = z.object({ id: z.string(), name: z.string() });

export const ZTemplateDocument = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string(),
  pageCount: z.number().int(),
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  sha256: z.string(),
  size: z.number().int(),
});

/** A field placed for a role, as a request's field is placed for a signer (PDF points, bottom left). */
export const ZTemplateField = z.object({
  id: z.string(),
  documentId: z.string(),
  roleId: z.string(),
  kind: ZFieldKind,
  required: z.boolean(),
  label: z.string(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const ZTemplateDefaults = z.object({
  title: z.string(),
  message: z.string(),
  quality: ZQuality,
  legislation: ZLegislation,
  /** days from making a request to its deadline; null: the installation's default from sending */
  deadlineDays: z.number().int().nullable(),
  /** days before the deadline of the reminder mail; null: the installation's default, 0: none */
  reminderDays: z.number().int().nullable(),
});

export const ZTemplate = z.object({
  id: z.string(),
  name: z.string(),
  /** true: the caller's business shares it with its people; false: its owner's own */
  shared: z.boolean(),
  ownerEmail: z.string(),
  defaults: ZTemplateDefaults,
  roles: z.array(ZTemplateRole),
  documents: z.array(ZTemplateDocument),
  fields: z.array(ZTemplateField),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** what the caller may do with it (the template policy), so the web app never re-derives it */
  allowedActions: z.array(z.string()),
});
export type Template = z.infer<typeof ZTemplate>;

const ZDefaultsInput = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  message: z.string().max(5000).optional(),
  quality: ZQuality.optional(),
  legislation: ZLegislation.optional(),
  deadlineDays: z.number().int().min(1).max(365).nullable().optional(),
  reminderDays: z.number().int().min(0).max(365).nullable().optional(),
});

const ZRoleInput = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), name: ZRoleName });
const ZTemplateFieldInput = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  documentId: ZId,
  roleId: ZId,
  kind: ZFieldKind,
  required: z.boolean().default(true),
  label: z.string().trim().max(100).default(''),
  page: z.number().int().min(1),
  x: z.number().min(0).max(20000),
  y: z.number().min(0).max(20000),
  width: z.number().min(10).max(2000),
  height: z.number().min(10).max(2000),
});

export const ZCreateTemplate = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /** a draft of the caller's to copy: documents, signers become roles, fields, message and levels */
  fromRequestId: ZId.optional(),
  /** from scratch: the roles (ignored with `fromRequestId`, whose signers become the roles) */
  roles: z.array(ZRoleInput).max(50).default([]),
  defaults: ZDefaultsInput.default({}),
});

export const ZUpdateTemplate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  defaults: ZDefaultsInput.optional(),
  roles: z.array(ZRoleInput).min(1).max(50).optional(),
  fields: z.array(ZTemplateFieldInput).max(500).optional(),
});

export const ZTemplatePage = z.object({
  items: z.array(ZTemplate),
  /** whether templates the caller makes are shared with a business */
  sharedWithBusiness: z.boolean(),
});

/** A role's person (by address) or signer group of the caller's business (by id). */
export const ZRoleAssignment = z.union([
  z.strictObject({ roleId: ZId, email: ZEmail, name: z.string().trim().max(200).optional() }),
  z.strictObject({ roleId: ZId, groupId: ZId }),
]);

export const ZUseTemplate = z.strictObject({
  roles: z.array(ZRoleAssignment).min(1).max(50),
  /** values the sender fills in for the signers' text fields and check boxes (they may change them) */
  fieldValues: z
    .array(z.strictObject({ fieldId: ZId, value: z.union([z.string().max(1000), z.boolean()]) }))
    .max(500)
    .default([]),
  title: z.string().trim().min(1).max(200).optional(),
  message: z.string().max(5000).optional(),
  observers: z.array(ZEmail).max(50).default([]),
  /** true: the request is sent at once; false: it stays a draft for the caller to finish */
  send: z.boolean().default(true),
});

export const ZUsedTemplate = z.object({
  signatureRequestId: z.string(),
  status: z.enum(['draft', 'open']),
});

export const templateProblems = ['template.not_found'] as const;

export const listTemplates = defineEndpoint({
  method: 'GET',
  path: '/v3/templates',
  summary: "The caller's templates and those their business shares, by name",
  description:
    "A person's own templates and their business's; an API user's business's (those its people share and those it made).",
  tags,
  auth: 'business',
  response: ZTemplatePage,
});

export const createTemplate = defineEndpoint({
  method: 'POST',
  path: '/v3/templates',
  summary: 'Create a template, from scratch or by saving a draft request',
  description:
    "With `from_request_id` the caller's draft is copied: its documents (the same stored bytes, not a copy), its signers as roles (named after them), its fields and its title, message, level and legislation. A member of a business makes templates the business shares; so does an API user, for its business.",
  tags,
  auth: 'business',
  body: ZCreateTemplate,
  response: ZTemplate,
  successStatus: 201,
  problems: ['signature_request.not_found', 'template.source_not_draft', 'template.limit_reached'],
});

export const getTemplate = defineEndpoint({
  method: 'GET',
  path: '/v3/templates/{id}',
  summary: 'One template',
  description:
    "A template the caller owns or their business shares (for an API user: its business's); any other, another business's included, answers 404 `template.not_found`.",
  tags,
  auth: 'business',
  params: ZIdParams,
  response: ZTemplate,
  problems: templateProblems,
});

export const updateTemplate = defineEndpoint({
  method: 'PUT',
  path: '/v3/templates/{id}',
  summary: 'Change a template (its owner, or an admin of the business sharing it)',
  description:
    'Changes the name, defaults, roles or fields. Requests made from the template before keep what they were made with. An API user changes only the templates it made (403 `template.forbidden` on the others of its business).',
  tags,
  auth: 'business',
  params: ZIdParams,
  body: ZUpdateTemplate,
  response: ZTemplate,
  problems: [...templateProblems, 'template.forbidden', 'template.invalid_field', 'template.role_in_use'],
});

export const deleteTemplate = defineEndpoint({
  method: 'DELETE',
  path: '/v3/templates/{id}',
  summary: 'Delete a template (its owner, or an admin of the business sharing it)',
  tags,
  auth: 'business',
  params: ZIdParams,
  response: z.object({ ok: z.literal(true) }),
  problems: [...templateProblems, 'template.forbidden'],
});

export const useTemplate = defineEndpoint({
  method: 'POST',
  path: '/v3/templates/{id}/signature-requests',
  summary: 'Make a request from a template: a person or signer group per role',
  description:
    "Copies the template's documents and fields into a new request of the caller, one signer per role, and sends it unless `send` is false. Later changes to the template change no request made from it. An API user's request is its own, as one it makes by `POST /v3/signature-requests`.",
  tags,
  auth: 'business',
  params: ZIdParams,
  body: ZUseTemplate,
  response: ZUsedTemplate,
  successStatus: 201,
  problems: [
    ...templateProblems,
    'template.no_documents',
    'template.role_missing',
    'template.role_unknown',
    'template.field_unknown',
    'signature_request.duplicate_signer',
    'group.not_found',
  ],
});

export const templateEndpoints = {
  listTemplates,
  createTemplate,
  getTemplate,
  updateTemplate,
  deleteTemplate,
  useTemplate,
};
