// A RemoteSigningProvider over one CSC API v2 service (packages/trust CscClient), for the
// credentials of one legislation. The CSC user of a person is their account id and legislation,
// so a person identified under eIDAS and ZertES has a credential for each; the CSC user of a
// business seal is `seal:<seal id>`. `enrol` and `enrolSeal` are for services that issue
// credentials on request (the sandbox QTSP); a real QTSP issues them during its own
// identification of the person or the organisation. Every refusal of the provider leaves here as
// a catalogue error (csc-errors.ts).
import { createHash } from 'node:crypto';
import {
  pushCredentialAuthorisation,
  signWithCredentialCode,
  type CscClient,
  type Legislation,
} from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';
import { atProvider } from './csc-errors.js';
import type {
  RemoteCredential,
  RemoteSealIdentity,
  RemoteSigningIdentity,
  RemoteSigningProvider,
} from './provider.js';

export const cscUserId = (identity: Pick<RemoteSigningIdentity, 'userId' | 'legislation'>): string =>
  `${identity.userId}:${identity.legislation}`;

export const cscSealUserId = (seal: Pick<RemoteSealIdentity, 'sealId'>): string => `seal:${seal.sealId}`;

const sha256Base64 = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');

export function createCscRemoteSigning(options: {
  client: CscClient;
  legislation: Legislation;
  enrol?: ((identity: RemoteSigningIdentity) => Promise<void>) | undefined;
  enrolSeal?: ((seal: RemoteSealIdentity) => Promise<void>) | undefined;
}): RemoteSigningProvider {
  const { client, legislation } = options;
  /** The first credential of a CSC user, enrolled first where the service does that. */
  async function credentialOf(
    userId: string,
    enrol: (() => Promise<void>) | undefined,
  ): Promise<RemoteCredential | undefined> {
    let [credentialId] = await client.listCredentials(userId);
    if (!credentialId && enrol) {
      await enrol();
      [credentialId] = await client.listCredentials(userId);
    }
    if (!credentialId) return undefined;
    const { certificate, chain, keyAlgorithm, info } = await client.loadCredential(credentialId);
    // a PIN beside the OTP is the Swisscom step-up: the person's password at the provider
    const stepUp = info.PIN?.presence === 'true' ? 'pwdotp' : 'otp';
    return { credentialId, certificate, chain, keyAlgorithm, legislation, stepUp };
  }
  return {
    credentialFor: (identity) =>
      atProvider(async () => {
        const enrol = options.enrol;
        const credential = await credentialOf(cscUserId(identity), enrol && (() => enrol(identity)));
        if (!credential)
          throw new AppError(
            'signing.quality_not_available',
            'The signing provider holds no credential for you',
          );
        return credential;
      }),
    sealCredentialFor: (seal) =>
      atProvider(async () => {
        const enrolSeal = options.enrolSeal;
        const credential = await credentialOf(cscSealUserId(seal), enrolSeal && (() => enrolSeal(seal)));
        if (!credential)
          throw new AppError(
            'seal.quality_not_available',
            'The remote-signing provider holds no qualified seal credential for this seal',
          );
        return credential;
      }),
    signSeal: (credential, dataToBeSigned) =>
      atProvider(() =>
        client.signHashes(
          credential.credentialId,
          credential.keyAlgorithm,
          dataToBeSigned.map(sha256Base64),
          {},
        ),
      ),
    sendTan: (credential) => atProvider(() => client.sendOtp(credential.credentialId)),
    sign: (credential, dataToBeSigned, tan, password) =>
      atProvider(() =>
        client.signHashes(
          credential.credentialId,
          credential.keyAlgorithm,
          dataToBeSigned.map(sha256Base64),
          { otp: tan, ...(password === undefined ? {} : { pin: password }) },
        ),
      ),
    authorisationUrl: (credential, dataToBeSigned, target) =>
      atProvider(async () => {
        const pushed = await pushCredentialAuthorisation(client, {
          credentialId: credential.credentialId,
          hashes: dataToBeSigned.map(sha256Base64),
          redirectUri: target.redirectUri,
          state: target.state,
          ...(target.labels && { labels: target.labels }),
        });
        return pushed.url;
      }),
    signWithCode: (credential, dataToBeSigned, code, redirectUri) =>
      atProvider(() =>
        signWithCredentialCode(client, {
          code,
          redirectUri,
          credentialId: credential.credentialId,
          keyAlgorithm: credential.keyAlgorithm,
          hashes: dataToBeSigned.map(sha256Base64),
        }),
      ),
  };
}
