// Who signs at which level (ADR 021). Simple: a certificate naming the e-mail, issued now.
// Advanced: a certificate from the advanced CA naming the person as their identification
// confirmed it, with a key made for this signature on the server. Qualified: the person's
// credential at the remote-signing (CSC) provider, unlocked by a TAN sent by SMS; without the
// TAN the call answers signing.tan_required after sending one. Nobody is silently downgraded:
// a signer without the quality gets signing.quality_not_available.
import { canSignAt } from '@countersign/domain';
import type { Signer } from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';
import type { RemoteCredential } from '../../providers/remote-signing/provider.js';
import { identificationBehind } from '../identification/repo.js';
import { signatureQualitiesOf } from '../identification/service.js';
import type { RequestsDeps } from './deps.js';
import type { RequestRecord, SignerRecord } from './model.js';

export type SigningIdentity =
  | { kind: 'local'; signer: Signer; name: string }
  | {
      kind: 'remote';
      credential: RemoteCredential;
      name: string;
      /** signs every document's signed attributes with one TAN */
      sign(dataToBeSigned: Uint8Array[]): Promise<Uint8Array[]>;
    };

const notAvailable = (quality: string) =>
  new AppError(
    'signing.quality_not_available',
    `A ${quality} signature needs an identification you have not completed`,
  );

export async function resolveSigningIdentity(
  deps: RequestsDeps,
  request: RequestRecord,
  signer: SignerRecord,
  simpleName: string,
  tan: string | undefined,
): Promise<SigningIdentity> {
  const { quality, legislation } = request;
  if (quality === 'ses') {
    const trust = await deps.trust();
    const identity = await trust.issueSignerCertificate({
      quality,
      legislation,
      email: signer.email,
      name: simpleName,
    });
    return { kind: 'local', signer: identity, name: simpleName };
  }
  // Link holders have no identification of their own.
  const userId = signer.accountUserId;
  if (!userId) throw notAvailable(quality);
  const user = await deps.db
    .selectFrom('users')
    .select('email_verified')
    .where('id', '=', userId)
    .executeTakeFirst();
  const isVerified = user?.email_verified === 1;
  const qualities = await signatureQualitiesOf(deps.db, userId, isVerified);
  if (!canSignAt(qualities, isVerified, quality, legislation)) throw notAvailable(quality);
  // The identity behind the quality that allows this signature (an eIDAS aes may rest on aes.any).
  const behind =
    (await identificationBehind(deps.db, userId, `qes.${legislation}`)) ??
    (await identificationBehind(deps.db, userId, 'aes.any'));
  const identity = behind?.identity;
  if (!identity) throw notAvailable(quality);
  const name = `${identity.givenName} ${identity.surname}`;

  if (quality === 'aes') {
    const trust = await deps.trust();
    const local = await trust.issueSignerCertificate({
      quality,
      legislation,
      email: signer.email,
      name,
      givenName: identity.givenName,
      surname: identity.surname,
      country: identity.country,
    });
    return { kind: 'local', signer: local, name };
  }

  const remote = deps.remoteSigning;
  if (!remote) throw new AppError('signing.provider_unavailable', 'No remote-signing provider is configured');
  const credential = await remote.credentialFor({ userId, legislation, email: signer.email, ...identity });
  if (!tan) {
    await remote.sendTan(credential);
    throw new AppError('signing.tan_required', 'A TAN was sent to your phone; sign again with it');
  }
  return { kind: 'remote', credential, name, sign: (data) => remote.sign(credential, data, tan) };
}
