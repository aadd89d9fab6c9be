// Builds the narrow context deciding who signs reads (signing-identity.ts) from the modules that
// know it, through their façades: identification for qualities and identities, business activity
// for whom a business vouches for (ADR 057, 068).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RemoteSigningProvider } from '../../providers/remote-signing/provider.js';
import { findVouching, vouchedSubject } from '../business-activity/index.js';
import {
  holdersOfAccount,
  holdersOfSigner,
  identityBehind,
  signatureQualitiesOf,
} from '../identification/index.js';
import type { SigningIdentityContext } from './signing-identity.js';

export function createSigningIdentityContext(
  db: Kysely<Database>,
  remoteSigning: RemoteSigningProvider | undefined,
): SigningIdentityContext {
  return {
    vouchedSubject: (person) => vouchedSubject({ vouching: (p) => findVouching(db, p) }, person),
    holdersOf: (person, signer) =>
      person.kind === 'account' ? holdersOfAccount(db, person, signer) : holdersOfSigner(db, signer),
    qualitiesOf: (holders, emailVerified) => signatureQualitiesOf(db, holders, emailVerified),
    identityBehind: (holders, legislation) => identityBehind(db, holders, legislation),
    remoteSigning,
  };
}
