// The business admin's use cases for seals: create (an advanced seal's key and its certificate
// from the Seal CA; a qualified seal's credential at the remote-signing provider; both naming the
// business as the operator verified it, ADR 062), list, read, relabel, the visual, and who may apply the seal. Everything is the
// admins' (spec 6), but a member lists the seals they are listed on, to pick one when signing;
// another business's seals answer 404 like its other data.
import { X509Certificate } from 'node:crypto';
import type { SealDetail, SealQuality } from '@countersign/contract';
import type { CountersignTrustServices } from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';
import { imageKindOf, toBoundedPng } from '../../lib/bounded-png.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import type { BusinessReader } from '../businesses/index.js';
import { authorizeSeal, canOnSeal } from './policy.js';
import type { RemoteSigningProvider } from '../../providers/remote-signing/provider.js';
import type { SealRecord, SealsRepo } from './repo.js';

export interface SealDeps {
  seals: SealsRepo;
  businesses: BusinessReader;
  trust: () => Promise<CountersignTrustServices>;
  /** where qualified seals' credentials are (ADR 053); none configured: no qualified seals */
  remoteSigning: Pick<RemoteSigningProvider, 'sealCredentialFor'> | undefined;
  clock: Clock;
}

type SealKey = Pick<SealRecord, 'certificate' | 'chain' | 'sealedKey' | 'keyAlgorithm'>;

/**
 * The new seal's key and certificate, naming the business, made before its row exists: for an
 * advanced seal a key of our own, certified by the Seal CA and bound to the seal's id; for a
 * qualified one a credential of the remote-signing provider, which keeps the key (ADR 053).
 */
async function makeSealKey(
  deps: SealDeps,
  id: string,
  subject: {
    organisation: string;
    organisationIdentifier: string;
    commonName: string;
    country: string;
    quality: SealQuality;
  },
): Promise<SealKey> {
  if (subject.quality === 'qes') {
    if (!deps.remoteSigning) {
      throw new AppError(
        'seal.quality_not_available',
        'Qualified seals need a remote-signing provider; none is configured',
      );
    }
    const credential = await deps.remoteSigning.sealCredentialFor({ sealId: id, ...subject });
    const { certificate, chain, keyAlgorithm } = credential;
    return { certificate, chain, keyAlgorithm, sealedKey: null };
  }
  const key = await (await deps.trust()).createSealKey({ ...subject, quality: subject.quality }, id);
  return {
    certificate: key.certificate,
    chain: key.chain,
    sealedKey: key.sealedKey,
    keyAlgorithm: key.keyAlgorithm,
  };
}

/**
 * The business as its seals' certificates name it, verified by the operator (ADR 062); until it
 * is (and again after its name, register or country changed) no seal is made or applied.
 */
export async function requireVerifiedOrganisation(
  seals: Pick<SealsRepo, 'verifiedOrganisation'>,
  businessId: string,
) {
  const organisation = await seals.verifiedOrganisation(businessId);
  if (!organisation) {
    throw new AppError(
      'seal.organisation_unverified',
      'The operator of this installation has not verified the business’s name, commercial register and country as they are now',
    );
  }
  return organisation;
}

/** Uploads above this are refused before decoding; the stored PNG fits SEAL_IMAGE_BOX. */
export const SEAL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const SEAL_IMAGE_BOX = { width: 600, height: 280 };

/** The certificate as a person checking a sealed document reads it. */
function describeCertificate(der: Uint8Array): SealDetail['certificate'] {
  const x509 = new X509Certificate(der);
  const oneLine = (name: string) => name.split('\n').join(', ');
  return {
    subject: oneLine(x509.subject),
    issuer: oneLine(x509.issuer),
    serialNumber: x509.serialNumber.toLowerCase(),
    notBefore: new Date(x509.validFrom).toISOString(),
    notAfter: new Date(x509.validTo).toISOString(),
  };
}

async function loadSeal(deps: SealDeps, principal: PersonPrincipal, businessId: string, name: string) {
  authorizeSeal(principal, 'manage', { businessId });
  const seal = await deps.seals.find(businessId, name);
  if (!seal) throw new AppError('seal.not_found', 'The business has no seal of that account name');
  return seal;
}

/** The seal with whom it is assigned to: its people and its API users (ADR 061), counted as listed. */
async function present(deps: SealDeps, seal: SealRecord): Promise<SealDetail> {
  const [members, apiUsers] = await Promise.all([deps.seals.members(seal.id), deps.seals.apiUsers(seal.id)]);
  return {
    name: seal.name,
    label: seal.label,
    quality: seal.quality,
    nApi: apiUsers.length,
    nMembers: members.length,
    hasImage: seal.hasImage,
    createdAt: seal.createdAt,
    members,
    apiUsers,
    certificate: describeCertificate(seal.certificate),
  };
}

export async function listSeals(deps: SealDeps, principal: PersonPrincipal, businessId: string) {
  authorizeSeal(principal, 'list', { businessId });
  const all = await deps.seals.list(businessId);
  const mine = canOnSeal(principal, 'list_all', { businessId })
    ? undefined
    : new Set(await deps.seals.sealIdsOf(principal.userId));
  const seals = mine ? all.filter((s) => mine.has(s.id)) : all;
  return {
    seals: seals.map((s) => ({
      name: s.name,
      label: s.label,
      quality: s.quality,
      nApi: s.nApi,
      nMembers: s.nMembers,
      hasImage: s.hasImage,
      createdAt: s.createdAt,
    })),
  };
}

export async function createSeal(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { name: string; label: string; quality: SealQuality },
) {
  authorizeSeal(principal, 'manage', { businessId });
  const business = await deps.businesses.findBusiness(businessId);
  if (!business) throw new AppError('business.not_found', 'No such business');
  if (await deps.seals.find(businessId, input.name)) {
    throw new AppError('seal.name_taken', 'The business already has a seal of that account name');
  }
  const organisation = await requireVerifiedOrganisation(deps.seals, businessId);
  const id = newId();
  const key = await makeSealKey(deps, id, {
    organisation: organisation.name,
    organisationIdentifier: organisation.commercialRegister,
    commonName: input.label,
    country: organisation.country,
    quality: input.quality,
  });
  const now = deps.clock.now().toISOString();
  const record: SealRecord = {
    id,
    businessId,
    name: input.name,
    label: input.label,
    quality: input.quality,
    ...key,
    hasImage: false,
    createdAt: now,
  };
  if (!(await deps.seals.insert(record, now))) {
    throw new AppError('seal.name_taken', 'The business already has a seal of that account name');
  }
  return present(deps, record);
}

export async function getSeal(deps: SealDeps, principal: PersonPrincipal, businessId: string, name: string) {
  return present(deps, await loadSeal(deps, principal, businessId, name));
}

export async function relabelSeal(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
  label: string,
) {
  const seal = await loadSeal(deps, principal, businessId, name);
  await deps.seals.setLabel(seal.id, label, deps.clock.now().toISOString());
  return present(deps, { ...seal, label });
}

export async function setSealImage(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
  bytes: Buffer,
) {
  const seal = await loadSeal(deps, principal, businessId, name);
  if (bytes.length > SEAL_IMAGE_MAX_BYTES)
    throw new AppError('upload.too_large', 'A seal image may be at most 2 MB');
  if (!imageKindOf(bytes)) throw new AppError('seal.image_invalid', 'Use a PNG, JPEG or WebP image');
  const png = await toBoundedPng(bytes, SEAL_IMAGE_BOX);
  if (!png) throw new AppError('seal.image_invalid', 'The image cannot be read');
  await deps.seals.setImage(seal.id, png.data, deps.clock.now().toISOString());
  return present(deps, { ...seal, hasImage: true });
}

export async function removeSealImage(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
) {
  const seal = await loadSeal(deps, principal, businessId, name);
  await deps.seals.setImage(seal.id, null, deps.clock.now().toISOString());
  return present(deps, { ...seal, hasImage: false });
}

export async function getSealImage(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
): Promise<Uint8Array> {
  const seal = await loadSeal(deps, principal, businessId, name);
  const png = await deps.seals.image(seal.id);
  if (!png) throw new AppError('seal.image_not_found', 'The seal has no image');
  return png;
}

/**
 * Lists people (by account id) or API users (by user name) of the business on the seal: they, and
 * only they, may apply it (ADR 061). Someone not of the business is refused, nothing added.
 */
export async function addSealMembers(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
  ids: readonly string[],
) {
  const seal = await loadSeal(deps, principal, businessId, name);
  const unique = [...new Set(ids)];
  const accounts = await deps.seals.accountsOf(businessId, unique);
  if (accounts.size !== unique.length) {
    throw new AppError('business.member_not_found', 'A named person or API user is not of this business');
  }
  await deps.seals.addMembers(seal.id, [...accounts.values()], deps.clock.now().toISOString());
  return present(deps, seal);
}

/** Takes people or API users of the business off the seal; naming anyone else changes nothing. */
export async function removeSealMembers(
  deps: SealDeps,
  principal: PersonPrincipal,
  businessId: string,
  name: string,
  ids: readonly string[],
) {
  const seal = await loadSeal(deps, principal, businessId, name);
  const unique = [...new Set(ids)];
  const accounts = await deps.seals.accountsOf(businessId, unique);
  if (accounts.size !== unique.length) {
    throw new AppError('business.member_not_found', 'A named person or API user is not of this business');
  }
  await deps.seals.removeMembers(seal.id, [...accounts.values()]);
  return present(deps, seal);
}
