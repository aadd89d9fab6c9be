// Identification use cases (ADR 021): start one with a provider, read and cancel it, apply the
// provider's verified report (which grants qualities on success), and describe what a person
// holds. Who may sign at which level is decided from these qualities by packages/domain.
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
  qualitiesGrantedBy,
  type SignatureQualities,
} from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import type {
  IdentificationProvider,
  IdentificationReport,
} from '../../providers/identification/provider.js';
import * as repo from './repo.js';
import type { HeldQuality, IdentificationRecord } from './repo.js';

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
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'email_verified', 'attributes'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return user;
}

export async function startIdentification(
  deps: IdentificationDeps,
  input: { userId: string; provider: string; method: string; signatureRequestId?: string | undefined },
): Promise<IdentificationRecord> {
  const { legislation, adapter } = providerFor(deps, input.provider, input.method);
  const user = await requireUser(deps, input.userId);
  // One identification per method at a time: starting again replaces an open one.
  const previous = await repo.latestIdentification(deps.db, input.userId, input.provider, input.method);
  const now = deps.clock.now().toISOString();
  if (previous && isIdentificationOpen(previous.status)) {
    await repo.updateIdentification(deps.db, previous.id, previous.status, { status: 'cancelled', at: now });
    await adapter.cancel(previous.id);
  }
  const id = randomUUID();
  const mobile = (JSON.parse(user.attributes) as { mobile?: string | null }).mobile ?? null;
  const { url } = await adapter.start({
    identificationId: id,
    provider: input.provider,
    method: input.method,
    person: { email: user.email, givenName: user.first_name, surname: user.last_name, mobile },
  });
  const record: IdentificationRecord = {
    id,
    userId: input.userId,
    provider: input.provider,
    method: input.method,
    legislation,
    status: 'initialized',
    url,
    signatureRequestId: input.signatureRequestId ?? null,
    identity: null,
    createdAt: now,
    updatedAt: now,
  };
  await repo.insertIdentification(deps.db, record);
  return record;
}

export async function getIdentification(
  deps: IdentificationDeps,
  input: { userId: string; provider: string; method: string },
): Promise<IdentificationRecord> {
  providerFor(deps, input.provider, input.method);
  const found = await repo.latestIdentification(deps.db, input.userId, input.provider, input.method);
  if (!found) throw new AppError('identification.not_found', 'No identification with this method yet');
  return found;
}

export async function cancelIdentification(
  deps: IdentificationDeps,
  input: { userId: string; provider: string; method: string },
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
  deps: IdentificationDeps,
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
    if (moved && next === 'success')
      await repo.grantQualities(trx, found.userId, qualitiesGrantedBy(found.legislation), found.id, at);
    return moved;
  });
  return { applied };
}

/** The spec's signatureQualities record from what a person holds (ses follows the e-mail). */
export function toSignatureQualities(held: HeldQuality[], emailVerified: boolean) {
  const state = (key: string) => {
    const status = held.find((h) => h.quality === key)?.status;
    return status ? { status } : {};
  };
  return {
    ses: { any: emailVerified ? { status: 'active' } : {} },
    aes: { any: state('aes.any') },
    aesMinimal: { eidas: state('aesMinimal.eidas'), zertes: state('aesMinimal.zertes') },
    qes: { eidas: state('qes.eidas'), zertes: state('qes.zertes') },
    seal: { aes: {}, qes: {} },
  } satisfies SignatureQualities;
}

export async function signatureQualitiesOf(
  db: Kysely<Database>,
  userId: string,
  emailVerified: boolean,
): Promise<ReturnType<typeof toSignatureQualities>> {
  return toSignatureQualities(await repo.heldQualities(db, userId), emailVerified);
}

/**
 * A link holder: the link proves their address (simple level); an account behind the address
 * brings its qualities (its identifications are the same person's).
 */
export async function linkHolderQualitiesDetail(db: Kysely<Database>, accountUserId: string | null) {
  if (accountUserId) return signatureQualitiesDetail({ db }, accountUserId);
  const signatureQualities = toSignatureQualities([], true);
  return {
    signatureQualities,
    highestQuality: 'ses' as const,
    identificationOngoing: false,
    identifications: [],
  };
}

export async function signatureQualitiesDetail(deps: Pick<IdentificationDeps, 'db'>, userId: string) {
  const user = await requireUser(deps, userId);
  const signatureQualities = await signatureQualitiesOf(deps.db, userId, user.email_verified === 1);
  const identifications = await repo.listIdentifications(deps.db, userId);
  const highest = highestQuality(signatureQualities, user.email_verified === 1);
  const open = identifications.find((i) => isIdentificationOpen(i.status));
  return {
    signatureQualities,
    highestQuality: highest,
    identificationOngoing: isIdentificationOngoing(open?.status, highest),
    identifications: identifications.map(presentIdentification),
  };
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
  };
}
