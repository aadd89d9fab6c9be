// Applying a business seal instead of a personal signature (POST /v3/sign with
// `seal_account_name`): who may apply which seal, and how the sealed signature looks. The seal is
// applied in the caller's own pending signature of the request, with the seal's lasting key
// (ADR 053) or, for a qualified seal, its credential at the remote-signing provider, at the seal's
// level; the signed event names who applied it.
import type { VisualAppearance } from '@countersign/pdf';
import type { StoredSealKey } from '@countersign/trust';
import {
  formatDateTime,
  localeForLanguage,
  type Language,
  type OrganisationIdentity,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { authorizeSeal, requireVerifiedOrganisation, type SealRecord } from '../seals/index.js';
import { tenantOf } from '../../lib/principal.js';
import type { Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import type { RequestRecord } from './model.js';
import type { SigningIdentity } from './signing-identity.js';

export interface SealToApply {
  seal: SealRecord;
  /** the business as the operator verified it (ADR 062) */
  organisation: OrganisationIdentity;
  /** an advanced seal's own key; undefined for a qualified seal, whose key the provider holds */
  key: StoredSealKey | undefined;
}

const LEVEL = { ses: 0, aes: 1, qes: 2 } as const;

const notFound = () => new AppError('seal.not_found', 'Your business has no seal of that account name');

/**
 * The seal the caller names, if the caller may apply it: a person or an API user the seals they
 * are assigned to, while they are of its business (403 otherwise, ADR 061). Anyone else, and any
 * name the caller's business does not have, gets 404: another business's seals are not revealed.
 * A business being deleted applies no seal; a seal of a business whose organisation is not
 * verified as it is now (ADR 062), and a seal below the level the request asks for, are refused.
 */
export async function requireUsableSeal(
  deps: Pick<RequestsDeps, 'seals'>,
  caller: Caller,
  name: string,
  request: RequestRecord,
): Promise<SealToApply> {
  const tenant = tenantOf(caller);
  if (!tenant || caller.kind === 'link_holder') throw notFound();
  const { businessId } = tenant;
  const seal = await deps.seals.find(businessId, name.trim().toLowerCase());
  if (!seal) throw notFound();
  authorizeSeal(caller, 'apply', {
    businessId,
    isAssigned: await deps.seals.isMember(seal.id, caller.userId),
  });
  if (tenant.status === 'deletion_pending') {
    throw new AppError(
      'business.deletion_pending',
      'The business is being deleted: its seals are not applied',
    );
  }
  if (LEVEL[seal.quality] < LEVEL[request.quality as keyof typeof LEVEL]) {
    throw new AppError(
      'signing.seal_level_too_low',
      'This request asks for a higher level than the seal has',
    );
  }
  const organisation = await requireVerifiedOrganisation(deps.seals, businessId);
  return {
    seal,
    organisation,
    key: seal.sealedKey
      ? {
          label: seal.id,
          certificate: seal.certificate,
          chain: seal.chain,
          keyAlgorithm: seal.keyAlgorithm,
          sealedKey: seal.sealedKey,
        }
      : undefined,
  };
}

/**
 * A qualified seal as the signing pipeline uses a remote credential: the provider's seal
 * credential, which signs without a TAN (the seal is the business's, not a person's, ADR 053).
 */
export async function remoteSealSigner(
  deps: Pick<RequestsDeps, 'remoteSigning'>,
  toApply: SealToApply,
): Promise<Extract<SigningIdentity, { kind: 'remote' }>> {
  const remote = deps.remoteSigning;
  if (!remote) throw new AppError('signing.provider_unavailable', 'No remote-signing provider is configured');
  const { seal } = toApply;
  const { organisation } = toApply;
  const credential = await remote.sealCredentialFor({
    sealId: seal.id,
    organisation: organisation.name,
    organisationIdentifier: organisation.commercialRegister,
    commonName: seal.label,
    country: organisation.country,
  });
  return {
    kind: 'remote',
    credential,
    name: seal.label,
    sign: (dataToBeSigned) => remote.signSeal(credential, dataToBeSigned),
  };
}

const sealLabels = { aes: 'Advanced electronic seal', qes: 'Qualified electronic seal' } as const;

/** The seal's visual where the sender placed the signature: its image, label and the business. */
export async function sealAppearance(
  deps: Pick<RequestsDeps, 'seals' | 'publicUrl'>,
  toApply: SealToApply,
  request: RequestRecord,
  options: { date: Date; language: Language },
): Promise<VisualAppearance> {
  const image = toApply.seal.hasImage ? await deps.seals.image(toApply.seal.id) : undefined;
  return {
    name: toApply.seal.label,
    optionalLine: toApply.organisation.name,
    date: formatDateTime(options.date, localeForLanguage(options.language)),
    standardLabel: sealLabels[toApply.seal.quality],
    qrPayload: `${deps.publicUrl}/view/${request.id}`,
    ...(image && { image }),
  };
}
