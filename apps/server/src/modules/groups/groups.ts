// The signer group use cases: list, create, read, change and delete the groups of a business,
// within the limits of its settings (`signerGroups.maxGroups`, `signerGroups.maxParticipants`).
import type { SignerGroup } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import type { BusinessReader } from '../businesses/index.js';
import {
  allowedGroupActions,
  authorizeGroups,
  businessOfCaller,
  canOnGroups,
  type GroupAction,
} from './policy.js';
import type { GroupRecord, GroupRepo, GroupWriteOutcome } from './repo.js';

export interface GroupDeps {
  groups: GroupRepo;
  businesses: Pick<BusinessReader, 'findBusiness'>;
  clock: Clock;
}

const present = (principal: Principal, group: GroupRecord): SignerGroup => ({
  id: group.id,
  name: group.name,
  members: group.members,
  createdAt: group.createdAt,
  updatedAt: group.updatedAt,
  allowedActions: allowedGroupActions(principal, { businessId: group.businessId }),
});

async function limitsOf(deps: GroupDeps, businessId: string) {
  const business = await deps.businesses.findBusiness(businessId);
  if (!business) throw new AppError('group.not_found', 'No such signer group');
  return business.settings.signerGroups;
}

function refuseOutcome(outcome: GroupWriteOutcome, maxGroups: number): void {
  if (outcome === 'limit_reached')
    throw new AppError('group.limit_reached', `The business may have at most ${maxGroups} signer groups`);
  if (outcome === 'name_taken')
    throw new AppError('group.name_taken', 'The business has a signer group of that name already');
  if (outcome === 'not_found') throw new AppError('group.not_found', 'No such signer group');
}

function checkMembers(members: readonly string[], maxParticipants: number): void {
  if (members.length > maxParticipants) {
    throw new AppError(
      'group.too_many_members',
      `A signer group may have at most ${maxParticipants} members`,
      { errors: [{ path: 'body.members', message: `at most ${maxParticipants}` }] },
    );
  }
}

/** The group named in a call, once the principal may take the action on it (404/403 otherwise). */
async function loadGroup(deps: GroupDeps, principal: Principal, id: string, action: GroupAction) {
  const group = await deps.groups.findGroup(id);
  if (!group) throw new AppError('group.not_found', 'No such signer group');
  authorizeGroups(principal, action, { businessId: group.businessId });
  return group;
}

export async function listGroups(
  deps: GroupDeps,
  principal: Principal,
  query: { page: number; size: number },
) {
  const businessId = businessOfCaller(principal);
  if (!businessId) {
    return { items: [], ...query, total: 0, limits: { maxGroups: 0, maxParticipants: 0 }, canCreate: false };
  }
  authorizeGroups(principal, 'list', { businessId });
  const limits = await limitsOf(deps, businessId);
  const [items, total] = await Promise.all([
    deps.groups.listGroups(businessId, query.page, query.size),
    deps.groups.countGroups(businessId),
  ]);
  return {
    items: items.map((g) => present(principal, g)),
    ...query,
    total,
    limits,
    canCreate: canOnGroups(principal, 'create', { businessId }) && total < limits.maxGroups,
  };
}

export async function createGroup(
  deps: GroupDeps,
  principal: Principal,
  input: { name: string; members: string[] },
): Promise<SignerGroup> {
  const businessId = businessOfCaller(principal);
  if (!businessId)
    throw new AppError('group.forbidden', 'Signer groups belong to businesses; register one first');
  authorizeGroups(principal, 'create', { businessId });
  const limits = await limitsOf(deps, businessId);
  checkMembers(input.members, limits.maxParticipants);
  const now = deps.clock.now().toISOString();
  const group: GroupRecord = {
    id: newId(),
    businessId,
    name: input.name,
    members: input.members,
    createdBy: principal.kind === 'person' ? principal.userId : principal.kind,
    createdAt: now,
    updatedAt: now,
  };
  refuseOutcome(await deps.groups.insertGroup(group, limits.maxGroups), limits.maxGroups);
  return present(principal, group);
}

export async function getGroup(deps: GroupDeps, principal: Principal, id: string): Promise<SignerGroup> {
  return present(principal, await loadGroup(deps, principal, id, 'view'));
}

export async function updateGroup(
  deps: GroupDeps,
  principal: Principal,
  id: string,
  change: { name?: string | undefined; members?: string[] | undefined },
): Promise<SignerGroup> {
  const group = await loadGroup(deps, principal, id, 'update');
  const limits = await limitsOf(deps, group.businessId);
  if (change.members) checkMembers(change.members, limits.maxParticipants);
  const now = deps.clock.now().toISOString();
  refuseOutcome(await deps.groups.updateGroup(group, change, now), limits.maxGroups);
  return present(principal, {
    ...group,
    name: change.name ?? group.name,
    members: change.members ?? group.members,
    updatedAt: now,
  });
}

export async function deleteGroup(deps: GroupDeps, principal: Principal, id: string) {
  await loadGroup(deps, principal, id, 'delete');
  if (!(await deps.groups.deleteGroup(id))) throw new AppError('group.not_found', 'No such signer group');
  return { ok: true as const };
}

/**
 * A group as a request takes it into a signer's place (ADR 056): the caller must see it (a group
 * of their own business; any other answers 404), and it keeps the members it has now.
 */
export async function groupForRequest(
  groups: Pick<GroupRepo, 'findGroup'>,
  principal: Principal,
  id: string,
): Promise<{ id: string; name: string; members: string[] }> {
  const group = await groups.findGroup(id);
  if (!group) throw new AppError('group.not_found', 'No such signer group');
  authorizeGroups(principal, 'view', { businessId: group.businessId });
  return { id: group.id, name: group.name, members: group.members };
}
