// A RemoteSigningProvider over a CSC API v2 service (packages/trust CscClient). The CSC user of
// a person is their account id and legislation, so a person identified under eIDAS and ZertES
// has a credential for each; the CSC user of a business seal is `seal:<seal id>`. `enrol` and
// `enrolSeal` are for services that issue credentials on request (the sandbox QTSP); a real QTSP
// issues them during its own identification of the person or the organisation.
import { createHash } from 'node:crypto';
import { TrustError, type CscClient } from '@countersign/trust';
import type { ErrorCode } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type {
  RemoteCredential,
  RemoteSealIdentity,
  RemoteSigningIdentity,
  RemoteSigningProvider,
} from './provider.js';

const TAN_ERRORS: Record<string, ErrorCode> = {
  invalid_otp: 'signing.tan_invalid',
  otp_expired: 'signing.tan_expired',
  otp_locked: 'signing.tan_locked',
};

export const cscUserId = (identity: Pick<RemoteSigningIdentity, 'userId' | 'legislation'>): string =>
  `${identity.userId}:${identity.legislation}`;

export const cscSealUserId = (seal: Pick<RemoteSealIdentity, 'sealId'>): string => `seal:${seal.sealId}`;

const sha256Base64 = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');

export function createCscRemoteSigning(options: {
  client: CscClient;
  enrol?: (identity: RemoteSigningIdentity) => Promise<void>;
  enrolSeal?: (seal: RemoteSealIdentity) => Promise<void>;
}): RemoteSigningProvider {
  const { client } = options;
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
    const { certificate, chain, keyAlgorithm } = await client.loadCredential(credentialId);
    return { credentialId, certificate, chain, keyAlgorithm };
  }
  return {
    async credentialFor(identity) {
      const enrol = options.enrol;
      const credential = await credentialOf(cscUserId(identity), enrol && (() => enrol(identity)));
      if (!credential)
        throw new AppError(
          'signing.quality_not_available',
          'The signing provider holds no credential for you',
        );
      return credential;
    },
    async sealCredentialFor(seal) {
      const enrolSeal = options.enrolSeal;
      const credential = await credentialOf(cscSealUserId(seal), enrolSeal && (() => enrolSeal(seal)));
      if (!credential)
        throw new AppError(
          'seal.quality_not_available',
          'The remote-signing provider holds no qualified seal credential for this seal',
        );
      return credential;
    },
    signSeal: (credential, dataToBeSigned) =>
      client.signHashes(
        credential.credentialId,
        credential.keyAlgorithm,
        dataToBeSigned.map(sha256Base64),
        {},
      ),
    sendTan: (credential) => client.sendOtp(credential.credentialId),
    async sign(credential, dataToBeSigned, tan) {
      const hashes = dataToBeSigned.map(sha256Base64);
      try {
        return await client.signHashes(credential.credentialId, credential.keyAlgorithm, hashes, {
          otp: tan,
        });
      } catch (error) {
        const code =
          error instanceof TrustError && error.remoteError ? TAN_ERRORS[error.remoteError] : undefined;
        if (code) throw new AppError(code, error instanceof Error ? error.message : 'TAN refused');
        throw error;
      }
    },
  };
}
