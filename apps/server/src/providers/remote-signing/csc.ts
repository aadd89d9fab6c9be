// A RemoteSigningProvider over a CSC API v2 service (packages/trust CscClient). The CSC user of
// a person is their account id and legislation, so a person identified under eIDAS and ZertES
// has a credential for each. `enrol` is for services that issue credentials on request (the
// sandbox QTSP); a real QTSP issues them during its own identification.
import { createHash } from 'node:crypto';
import { TrustError, type CscClient } from '@countersign/trust';
import type { ErrorCode } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { RemoteSigningIdentity, RemoteSigningProvider } from './provider.js';

const TAN_ERRORS: Record<string, ErrorCode> = {
  invalid_otp: 'signing.tan_invalid',
  otp_expired: 'signing.tan_expired',
  otp_locked: 'signing.tan_locked',
};

export const cscUserId = (identity: Pick<RemoteSigningIdentity, 'userId' | 'legislation'>): string =>
  `${identity.userId}:${identity.legislation}`;

export function createCscRemoteSigning(options: {
  client: CscClient;
  enrol?: (identity: RemoteSigningIdentity) => Promise<void>;
}): RemoteSigningProvider {
  const { client } = options;
  return {
    async credentialFor(identity) {
      let [credentialId] = await client.listCredentials(cscUserId(identity));
      if (!credentialId && options.enrol) {
        await options.enrol(identity);
        [credentialId] = await client.listCredentials(cscUserId(identity));
      }
      if (!credentialId)
        throw new AppError(
          'signing.quality_not_available',
          'The signing provider holds no credential for you',
        );
      const { certificate, chain, keyAlgorithm } = await client.loadCredential(credentialId);
      return { credentialId, certificate, chain, keyAlgorithm };
    },
    sendTan: (credential) => client.sendOtp(credential.credentialId),
    async sign(credential, dataToBeSigned, tan) {
      const hashes = dataToBeSigned.map((data) => createHash('sha256').update(data).digest('base64'));
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
