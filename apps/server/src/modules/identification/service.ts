// Identification use cases (ADR 021, ADR 025): start one with a provider, read and cancel it,
// apply the provider's verified report (which grants qualities on success), and describe what a
// person holds. The holder is an account, or a link holder's signature. Who may sign at which
// level is decided from these qualities by packages/domain.
import { recordIdentification } from '../business-activity/index.js';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Identification } from '@countersign/contract';
import {
  highestQuality,
  identificationLegislation,
  isIdentificationOngoing,
  isIdentificationOpen,
  mapAppointmentStatus,
  nextIdentificationStatus,
  type EidIdentificationProvider,
  qualitiesGrantedByMethod,
  type IdentificationLegislation,
} from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import type {
  IdentificationProvider,
  IdentificationReport,
} from '../../providers/identification/provider.js';
import { findPerson, toSignatureQualities } from '../accounts/index.js';
import * as repo from './repo.js';
import { recordIdentificationFinished } from '../webhooks/index.js';
import type { Holder, IdentificationRecord } from './repo.js';

export type { Holder };

export interface IdentificationDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** by provider name (srs, intrum); absent when no provider is configured */
  providers: Partial<Record<string, IdentificationProvider>>;
}

function providerFor(deps: IdentificationDeps, provider: string, method: string) {
  const legislation = identificationLegislation(provider, method);
  if (!legislation) throw new AppError('identification.method_not_found', `No method ${provider}/${method}`);
  const adapter = deps.providers[provider];
  if (!adapter)
    throw new AppError('identification.provider_unavailable', `The ${provider} provider is not configured`);
  return { legislation, adapter };
}

async function requireUser(deps: Pick<IdentificationDeps, 'db'>, userId: string) {
  const user = await findPerson(deps.db, userId, { includeDeleted: true });
  if (!user) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return user;
}

/** Who the provider is told to expect, and (for a link holder) the request they sign. */
async function personOf(deps: IdentificationDeps, holder: Holder) {
  if (holder.kind === 'signer') {
    const signer = await repo.signerPerson(deps.db, holder.signerId);
    if (!signer) throw new AppError('signature_request.not_found', 'No such signature request for this link');
    const { requestId, ...person } = signer;
    return { person: { ...person, mobile: null }, requestId };
  }
  const user = await requireUser(deps, holder.userId);
  return {
    person: {
      email: user.email,
      givenName: user.firstName,
      surname: user.lastName,
      mobile: user.attributes.mobile,
    },
    requestId: null,
  };
}

export async function startIdentification(
  deps: IdentificationDeps,
  input: { holder: Holder; provider: string; method: string; signatureRequestId?: string | undefined },
): Promise<IdentificationRecord> {
  const { legislation, adapter } = providerFor(deps, input.provider, input.method);
  const { person, requestId } = await personOf(deps, input.holder);
  // One identification per method at a time: starting again replaces an open one.
  const previous = await repo.latestIdentification(deps.db, input.holder, input.provider, input.method);
  const now = deps.clock.now().toISOString();
  if (previous && isIdentificationOpen(previous.status)) {
    await repo.updateIdentification(deps.db, previous.id, previous.status, { status: 'cancelled', at: now });
    await adapter.cancel(previous.id);
  }
  const id = randomUUID();
  const { url } = await adapter.start({
    identificationId: id,
    provider: input.provider,
    method: input.method,
    person,
  });
  const record: IdentificationRecord = {
    id,
    holder: input.holder,
    provider: input.provider,
    method: input.method,
    legislation,
    status: 'initialized',
    url,
    // a link holder's identification always serves the request of their link
    signatureRequestId: requestId ?? input.signatureRequestId ?? null,
    identity: null,
    createdAt: now,
    updatedAt: now,
  };
  await repo.insertIdentification(deps.db, record);
  return record;
}

export async function getIdentification(
  deps: IdentificationDeps,
  input: { holder: Holder; provider: string; method: string },
): Promise<IdentificationRecord> {
  providerFor(deps, input.provider, input.method);
  const found = await repo.latestIdentification(deps.db, input.holder, input.provider, input.method);
  if (!found) throw new AppError('identification.not_found', 'No identification with this method yet');
  return found;
}

export async function cancelIdentification(
  deps: IdentificationDeps,
  input: { holder: Holder; provider: string; method: string },
): Promise<IdentificationRecord> {
  const { adapter } = providerFor(deps, input.provider, input.method);
  const found = await getIdentification(deps, input);
  const next = nextIdentificationStatus(found.status, 'cancelled');
  if (!next) throw new AppError('identification.invalid_transition', `The identification is ${found.status}`);
  const at = deps.clock.now().toISOString();
  if (!(await repo.updateIdentification(deps.db, found.id, found.status, { status: next, at })))
    throw new AppError('identification.conflict', 'The identification changed meanwhile; reload it');
  await adapter.cancel(found.id);
  return { ...found, status: next, updatedAt: at };
}

/**
 * A verified provider report. Reports that no longer apply (repeated, late, after a cancel) are
 * acknowledged and ignored, as webhooks are retried; success grants the legislation's qualities
 * in the same transaction that records the identity.
 */
export async function applyIdentificationReport(
  deps: Pick<IdentificationDeps, 'db' | 'clock'>,
  report: IdentificationReport,
): Promise<{ applied: boolean }> {
  const found = await repo.findIdentification(deps.db, report.identificationId);
  if (!found) throw new AppError('identification.not_found', 'No such identification');
  const next = nextIdentificationStatus(found.status, report.event);
  if (!next) return { applied: false };
  const at = deps.clock.now().toISOString();
  const applied = await deps.db.transaction().execute(async (trx) => {
    const moved = await repo.updateIdentification(trx, found.id, found.status, {
      status: next,
      at,
      ...(next === 'success' && report.identity && { identity: report.identity }),
    });
    // a signer's qualities follow from its successful identifications (repo.heldQualities)
    // an identification of a person of a business that ends is in the business's activity report
    if (moved && found.holder.kind === 'user' && (next === 'success' || next === 'failure')) {
      const facts = { at, userId: found.holder.userId, method: found.method, outcome: next };
      await recordIdentification(trx, { ...facts, legislation: found.legislation });
      // and the webhooks of the person and of their business (ADR 069)
      await recordIdentificationFinished(trx, { ...facts, identificationId: found.id });
    }
    if (moved && next === 'success' && found.holder.kind === 'user')
      await repo.grantQualities(trx, found.holder.userId, qualitiesGrantedByMethod(found), found.id, at);
    return moved;
  });
  return { applied };
}

/**
 * A national eID's identification (ADR 083), succeeded as recorded: the relying party checked the
 * provider's answer already. It grants the account its qualities (the advanced level under eIDAS),
 * or serves the one link signature it was made for, and shows in the business's activity as
 * every finished identification does.
 */
export async function recordEidIdentification(
  deps: Pick<IdentificationDeps, 'db' | 'clock'>,
  input: {
    holder: Holder;
    provider: EidIdentificationProvider;
    identity: { givenName: string; surname: string; country: string };
  },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const requestId =
    input.holder.kind === 'signer'
      ? (await repo.signerPerson(deps.db, input.holder.signerId))?.requestId
      : null;
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertSucceededIdentification(trx, {
      id,
      holder: input.holder,
      provider: input.provider,
      method: 'eid',
      legislation: 'eidas',
      url: '',
      signatureRequestId: requestId ?? null,
      identity: input.identity,
      createdAt: at,
      updatedAt: at,
    });
    if (input.holder.kind === 'user') {
      const facts = { at, userId: input.holder.userId, method: 'eid', outcome: 'success' as const };
      await recordIdentification(trx, { ...facts, legislation: 'eidas' });
      await recordIdentificationFinished(trx, { ...facts, identificationId: id });
    }
  });
}

/**
 * What a set of holders (a signer's account and the signature itself) may sign with together;
 * with `signedIn`, the person signed in, also what their business vouches for (ADR 057).
 */
export async function signatureQualitiesOf(
  db: Kysely<Database>,
  holders: Holder[],
  emailVerified: boolean,
  signedIn?: { userId: string; email: string },
): Promise<ReturnType<typeof toSignatureQualities>> {
  const held = (await Promise.all(holders.map((h) => repo.heldQualities(db, h)))).flat();
  const vouched = signedIn ? await repo.vouchedQualities(db, signedIn) : [];
  return toSignatureQualities([...held, ...vouched], emailVerified);
}

/**
 * Whose qualities count for a signature its link holder makes: the signature's own, from
 * identifications its link holder completed, and those of the account behind the signer's
 * address (the link was mailed to that address, so its holder is that account's person). An
 * account linked to the signature under another address is someone else and does not count.
 */
export async function holdersOfSigner(
  db: Kysely<Database>,
  signer: { id: string; email: string; accountUserId: string | null },
): Promise<{ holders: Holder[]; emailVerified: boolean }> {
  const own: Holder = { kind: 'signer', signerId: signer.id };
  if (!signer.accountUserId) return { holders: [own], emailVerified: true };
  const user = await findPerson(db, signer.accountUserId, { includeDeleted: true });
  if (!user || user.email.toLowerCase() !== signer.email.toLowerCase())
    return { holders: [own], emailVerified: true };
  return {
    holders: [own, { kind: 'user', userId: signer.accountUserId }],
    emailVerified: user.emailVerified,
  };
}

/**
 * Whose qualities count for a signature an account holder makes in their session: the account's,
 * and the signature's own when it was addressed to the account's address (its link holder, who
 * may have identified for it, read the same mailbox).
 */
export async function holdersOfAccount(
  db: Kysely<Database>,
  account: { userId: string; email: string },
  signer: { id: string; email: string },
): Promise<{ holders: Holder[]; emailVerified: boolean }> {
  const user = await findPerson(db, account.userId, { includeDeleted: true });
  const isSameAddress = signer.email.toLowerCase() === account.email.toLowerCase();
  const holders: Holder[] = [{ kind: 'user', userId: account.userId }];
  if (isSameAddress) holders.unshift({ kind: 'signer', signerId: signer.id });
  return { holders, emailVerified: user?.emailVerified === true };
}

/** The identity that allows a signature under `legislation`: a qualified one first. */
export async function identityBehind(
  db: Kysely<Database>,
  holders: Holder[],
  legislation: IdentificationLegislation,
): Promise<IdentificationRecord | undefined> {
  for (const quality of [`qes.${legislation}`, 'aes.any'])
    for (const holder of holders) {
      const found = await repo.identificationBehind(db, holder, quality);
      if (found?.identity) return found;
    }
  return undefined;
}

async function qualitiesDetail(
  db: Kysely<Database>,
  holders: Holder[],
  emailVerified: boolean,
  signedIn?: { userId: string; email: string },
) {
  const signatureQualities = await signatureQualitiesOf(db, holders, emailVerified, signedIn);
  const identifications = (await Promise.all(holders.map((h) => repo.listIdentifications(db, h))))
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const highest = highestQuality(signatureQualities, emailVerified);
  const open = identifications.find((i) => isIdentificationOpen(i.status));
  return {
    signatureQualities,
    highestQuality: highest,
    identificationOngoing: isIdentificationOngoing(open?.status, highest),
    identifications: identifications.map(presentIdentification),
  };
}

/** A link holder: their signature's own identifications, and those of an account behind the address. */
export async function linkHolderQualitiesDetail(
  db: Kysely<Database>,
  signer: { id: string; email: string; accountUserId: string | null },
) {
  const { holders, emailVerified } = await holdersOfSigner(db, signer);
  return qualitiesDetail(db, holders, emailVerified);
}

export async function signatureQualitiesDetail(deps: Pick<IdentificationDeps, 'db'>, userId: string) {
  const user = await requireUser(deps, userId);
  return qualitiesDetail(deps.db, [{ kind: 'user', userId }], user.emailVerified, {
    userId,
    email: user.email,
  });
}

/** Spec 3: per method a status and URL; the progress shown follows the appointment status. */
export function presentIdentification(record: IdentificationRecord): Identification {
  return {
    id: record.id,
    // only pairs the domain knows are ever stored (startIdentification checks them)
    provider: record.provider as Identification['provider'],
    method: record.method as Identification['method'],
    legislation: record.legislation,
    status: record.status,
    progress: record.status === 'cancelled' ? null : mapAppointmentStatus(record.status),
    url: isIdentificationOpen(record.status) ? record.url : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    disconnectedAt: record.disconnectedAt ?? null,
  };
}
