// What a signature says of its signer besides the certificate: the name it shows and the reason
// it states.
import { textsOf } from '../../lib/i18n.js';
import type { RequestsDeps } from './deps.js';
import { directSignerName } from './direct-user.js';
import type { RequestRecord, SignerRecord } from './model.js';
import { recipientOf } from './notify.js';
import type { SigningPerson } from './signing-identity.js';
import type { SignOptions } from './signing.js';
import { findPerson, fullNameOf } from '../accounts/index.js';

/** The name the signature shows: what the signer typed when signing, or the signing account's name. */
export async function signerName(
  deps: Pick<RequestsDeps, 'db'>,
  signer: SignerRecord,
  person: SigningPerson,
  options: SignOptions,
): Promise<string> {
  if (options.signingName) return options.signingName;
  if (person.kind === 'account') {
    const user = await findPerson(deps.db, person.userId, { includeDeleted: true });
    const fullName = user ? fullNameOf(user) : '';
    if (fullName) return fullName;
  }
  return directSignerName(signer);
}

/**
 * The reason the signature states: the one the signer gave, else, for a member signing for a
 * signer group, the group it was made for (ADR 056), in the language of the signer's protocol
 * and mail (their account's, else the one they chose by link, else English); the group's name as given.
 */
export async function signatureReason(
  deps: Pick<RequestsDeps, 'db'>,
  request: RequestRecord,
  signer: SignerRecord,
  person: SigningPerson,
  options: SignOptions,
): Promise<string | undefined> {
  if (options.signingReason) return options.signingReason;
  if (!signer.group) return undefined;
  const { language } = await recipientOf(deps, person.email, request);
  return textsOf(language, 'protocol')('groupSignatureReason', { group: signer.group.name });
}
