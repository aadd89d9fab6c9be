// Signer groups (spec 3 "Signer group", spec 7 "Activity and groups"): a named list of e-mail
// addresses kept by a business. Added to a request as one signer, any one member signs for the
// whole group; the others are told it was done (ADR 056). A business has at most
// `signerGroups.maxGroups` groups of at most `signerGroups.maxParticipants` members each (its
// settings). The business's people may read its groups; only its admins change them.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZEmail } from './user.js';

const tags = ['Signer groups'];
const ZId = z.string().min(1).max(64);

export const ZSignerGroup = z.object({
  id: z.string(),
  name: z.string(),
  /** the members' e-mail addresses, lower case, in the order they were given */
  members: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** what the caller may do with the group (the group policy), so the web app never re-derives it */
  allowedActions: z.array(z.string()),
});
export type SignerGroup = z.infer<typeof ZSignerGroup>;

const ZGroupName = z.string().trim().min(1).max(100);
/** Addresses are compared in lower case; one given twice is kept once. */
const ZGroupMembers = z
  .array(ZEmail.transform((email) => email.toLowerCase()))
  .min(1)
  .max(1000)
  .transform((emails) => [...new Set(emails)]);

export const ZCreateSignerGroup = z.strictObject({ name: ZGroupName, members: ZGroupMembers });
export const ZUpdateSignerGroup = z.strictObject({
  name: ZGroupName.optional(),
  members: ZGroupMembers.optional(),
});

export const ZGroupListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)]))
    .default(25),
});

export const ZSignerGroupPage = z.object({
  items: z.array(ZSignerGroup),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** the business's limits (its settings); both 0 for a person without a business */
  limits: z.object({ maxGroups: z.number().int(), maxParticipants: z.number().int() }),
  /** whether the caller may create a group now (an admin, below `max_groups`) */
  canCreate: z.boolean(),
});

const groupProblems = ['group.not_found', 'group.forbidden'] as const;

export const listSignerGroups = defineEndpoint({
  method: 'GET',
  path: '/v3/groups',
  summary: "The signer groups of the caller's business, by name, paged",
  description:
    "Every signer group of the caller's business in name order, with the business's limits. A person without a business gets an empty list.",
  tags,
  auth: 'session',
  query: ZGroupListQuery,
  response: ZSignerGroupPage,
});

export const createSignerGroup = defineEndpoint({
  method: 'POST',
  path: '/v3/groups',
  summary: 'Create a signer group (admins of a business)',
  description:
    'Creates a named group of e-mail addresses in the business of the calling admin. Over `max_groups` groups: 409 `group.limit_reached`; over `max_participants` members: 422 `group.too_many_members`; a name the business uses already: 409 `group.name_taken`.',
  tags,
  auth: 'session',
  body: ZCreateSignerGroup,
  response: ZSignerGroup,
  successStatus: 201,
  problems: ['group.forbidden', 'group.limit_reached', 'group.too_many_members', 'group.name_taken'],
});

export const getSignerGroup = defineEndpoint({
  method: 'GET',
  path: '/v3/groups/{id}',
  summary: 'One signer group of the caller’s business',
  description: "A group of the caller's business; any other group answers 404 `group.not_found`.",
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: ZSignerGroup,
  problems: groupProblems,
});

export const updateSignerGroup = defineEndpoint({
  method: 'PUT',
  path: '/v3/groups/{id}',
  summary: 'Rename a signer group or replace its members (admins)',
  description:
    'Changes the name, the members, or both. Requests the group was added to before keep the members it had then (ADR 056).',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  body: ZUpdateSignerGroup,
  response: ZSignerGroup,
  problems: [...groupProblems, 'group.too_many_members', 'group.name_taken'],
});

export const deleteSignerGroup = defineEndpoint({
  method: 'DELETE',
  path: '/v1/groups/{id}',
  summary: 'Delete a signer group (admins)',
  description:
    'Deletes the group. Requests it was added to keep their group signer with the members it had then.',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: z.object({ ok: z.literal(true) }),
  problems: groupProblems,
});

export const groupEndpoints = {
  listSignerGroups,
  createSignerGroup,
  getSignerGroup,
  updateSignerGroup,
  deleteSignerGroup,
};
