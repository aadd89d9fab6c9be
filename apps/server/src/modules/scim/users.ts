// The SCIM Users of a business (ADR 084): the people its identity provider provisioned. Creating
// one makes or finds the account of the address and makes it a member with a seat; deactivating
// ends the membership and frees the seat, reactivating takes one again; deleting deactivates and
// forgets the provisioning. The id of anyone the business did not provision answers 404.
import {
  SCIM_LIST_SCHEMA,
  SCIM_MAX_COUNT,
  ZEmail,
  type ScimPatch,
  type ScimUserInput,
} from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { createConfirmedAccount } from '../accounts/index.js';
import type { ScimDeps } from './deps.js';
import { parseUserNameFilter } from './filter.js';
import { changeOfPatch, type ScimChange } from './patch.js';
import { presentScimUser, type PersonFields } from './present.js';
import type { ScimUserRecord } from './repo.js';

const baseUrlOf = (deps: Pick<ScimDeps, 'publicUrl'>) => `${deps.publicUrl}/scim/v2`;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
const nameOf = (p: PersonFields) => `${p.firstName} ${p.lastName}`.trim();

async function personOf(deps: ScimDeps, userId: string): Promise<PersonFields | undefined> {
  const account = await deps.accounts.repo.findUserById(userId);
  return (
    account && {
      id: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
    }
  );
}

/** The business's provisioned person of an id, with their account; 404 for anyone else. */
async function requireUser(deps: ScimDeps, businessId: string, userId: string) {
  const record = await deps.repo.findUser(businessId, userId);
  const person = record && (await personOf(deps, userId));
  if (!record || !person) throw new AppError('scim.not_found', 'No person of this business has this id');
  return { record, person };
}

/** GET /scim/v2/Users: one page, or the person of a `userName eq` filter. */
export async function listUsers(
  deps: ScimDeps,
  businessId: string,
  query: { filter?: string | undefined; startIndex: number; count: number },
) {
  const count = Math.min(query.count, SCIM_MAX_COUNT);
  const page = (total: number, resources: ReturnType<typeof presentScimUser>[]) => ({
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total,
    startIndex: query.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  });
  if (query.filter !== undefined) {
    const email = parseUserNameFilter(query.filter);
    const account = await deps.accounts.repo.findUserByEmail(email);
    const record = account && (await deps.repo.findUser(businessId, account.id));
    if (!account || !record) return page(0, []);
    const resources =
      query.startIndex === 1 && count > 0 ? [presentScimUser(baseUrlOf(deps), record, account)] : [];
    return page(1, resources);
  }
  const { total, users } = await deps.repo.pageUsers(businessId, query.startIndex - 1, count);
  const resources = [];
  for (const record of users) {
    const person = await personOf(deps, record.userId);
    if (person) resources.push(presentScimUser(baseUrlOf(deps), record, person));
  }
  return page(total, resources);
}

export async function getUser(deps: ScimDeps, businessId: string, userId: string) {
  const { record, person } = await requireUser(deps, businessId, userId);
  return presentScimUser(baseUrlOf(deps), record, person);
}

/** The address of a userName, refused unless it is on one of the business's proved domains. */
async function provableAddress(deps: ScimDeps, businessId: string, userName: string): Promise<string> {
  const parsed = ZEmail.safeParse(userName.trim());
  if (!parsed.success) throw new AppError('scim.invalid_value', 'userName must be an e-mail address');
  const email = parsed.data.toLowerCase();
  const proved = (await deps.businesses.listDomains(businessId)).filter((d) => d.verifiedAt !== null);
  if (!proved.some((d) => d.domain === domainOf(email)))
    throw new AppError('scim.invalid_value', "userName is not on one of the business's proved domains");
  return email;
}

/** POST /scim/v2/Users. */
export async function createUser(deps: ScimDeps, businessId: string, input: ScimUserInput) {
  const email = await provableAddress(deps, businessId, input.userName);
  const now = deps.clock.now().toISOString();
  let account = await deps.accounts.repo.findUserByEmail(email);
  if (account && (await deps.repo.findUser(businessId, account.id)))
    throw new AppError('scim.uniqueness', 'This userName is provisioned already');
  const createdAccount = !account;
  const userId =
    account?.id ??
    (await createConfirmedAccount(deps.accounts, {
      email,
      firstName: input.name?.givenName?.trim() ?? '',
      lastName: input.name?.familyName?.trim() ?? '',
    }));
  account ??= await deps.accounts.repo.findUserById(userId);
  const person: PersonFields = {
    id: userId,
    email,
    firstName: account!.firstName,
    lastName: account!.lastName,
  };
  try {
    if (input.active) await deps.provision(businessId, { userId, email, name: nameOf(person) });
  } catch (err) {
    // no seat, or another business's account: an account made a moment ago goes again
    if (createdAccount) await deps.accounts.repo.markDeleted(userId, now);
    throw err;
  }
  const record: ScimUserRecord = {
    businessId,
    userId,
    externalId: input.externalId ?? null,
    active: input.active,
    createdAccount,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await deps.repo.insertUser(record)))
    throw new AppError('scim.uniqueness', 'This userName is provisioned already');
  return presentScimUser(baseUrlOf(deps), record, person);
}

/** Applies a change: the name to the account, the membership to `active`, the rest to the record. */
async function applyChange(deps: ScimDeps, businessId: string, userId: string, change: ScimChange) {
  const { record, person } = await requireUser(deps, businessId, userId);
  const now = deps.clock.now().toISOString();
  const names = {
    ...(change.givenName !== undefined && { firstName: change.givenName }),
    ...(change.familyName !== undefined && { lastName: change.familyName }),
  };
  if (Object.keys(names).length > 0) await deps.accounts.repo.updateUser(userId, names, now);
  const renamed = { ...person, ...names };
  const active = change.active ?? record.active;
  const who = { userId, email: person.email, name: nameOf(renamed) };
  if (active && !record.active) await deps.provision(businessId, who);
  if (!active && record.active) await deps.deprovision(businessId, who);
  const externalId = change.externalId !== undefined ? change.externalId : record.externalId;
  await deps.repo.updateUser(businessId, userId, { externalId, active, updatedAt: now });
  return presentScimUser(baseUrlOf(deps), { ...record, externalId, active, updatedAt: now }, renamed);
}

/** PUT /scim/v2/Users/{id}: the whole resource again; the userName cannot change. */
export async function replaceUser(deps: ScimDeps, businessId: string, userId: string, input: ScimUserInput) {
  const { person } = await requireUser(deps, businessId, userId);
  if (input.userName.trim().toLowerCase() !== person.email)
    throw new AppError('scim.mutability', 'The userName of a provisioned person cannot change');
  return applyChange(deps, businessId, userId, {
    active: input.active,
    externalId: input.externalId ?? null,
    givenName: input.name?.givenName?.trim() ?? person.firstName,
    familyName: input.name?.familyName?.trim() ?? person.lastName,
  });
}

/** PATCH /scim/v2/Users/{id}. */
export async function patchUser(deps: ScimDeps, businessId: string, userId: string, patch: ScimPatch) {
  await requireUser(deps, businessId, userId);
  return applyChange(deps, businessId, userId, changeOfPatch(patch));
}

/** DELETE /scim/v2/Users/{id}: the membership ends; the account stays the person's. */
export async function deleteUser(deps: ScimDeps, businessId: string, userId: string): Promise<undefined> {
  const { record, person } = await requireUser(deps, businessId, userId);
  if (record.active)
    await deps.deprovision(businessId, { userId, email: person.email, name: nameOf(person) });
  await deps.repo.deleteUser(businessId, userId);
  return undefined;
}

/** For single sign-on: whether this business's provisioning made the account (it has no password). */
export async function isAccountProvisionedBy(
  deps: Pick<ScimDeps, 'repo'>,
  userId: string,
  businessId: string,
): Promise<boolean> {
  return (await deps.repo.findUser(businessId, userId))?.createdAccount === true;
}
