// The sandbox QTSP's credentials in the database (packages/trust sandbox-credentials.ts): each
// with its certificates and its private key as the trust services encrypted it.
import type { Kysely } from 'kysely';
import type { CscCredentialStore, StoredCscCredential } from '@countersign/trust';
import type { Database } from '../../db/schema.js';

const b64 = (der: Uint8Array) => Buffer.from(der).toString('base64');

export function createCscCredentialStore(db: Kysely<Database>, now: () => Date): CscCredentialStore {
  return {
    async add(credential) {
      await db
        .insertInto('sandbox_csc_credentials')
        .values({
          credential_id: credential.credentialId,
          user_id: credential.userId,
          auth_mode: credential.authMode,
          step_up: credential.stepUp,
          password_hash: credential.passwordHash,
          mobile: credential.mobile,
          certificates: JSON.stringify(credential.certificates.map(b64)),
          sealed_key: JSON.stringify(credential.sealedKey),
          created_at: now().toISOString(),
        })
        .execute();
    },
    async setPassword(credentialId, passwordHash) {
      await db
        .updateTable('sandbox_csc_credentials')
        .set({ password_hash: passwordHash })
        .where('credential_id', '=', credentialId)
        .execute();
    },
    async setCertificates(credentialId, certificates) {
      await db
        .updateTable('sandbox_csc_credentials')
        .set({ certificates: JSON.stringify(certificates.map(b64)) })
        .where('credential_id', '=', credentialId)
        .execute();
    },
    async ofUser(userId) {
      const rows = await db
        .selectFrom('sandbox_csc_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('credential_id')
        .execute();
      return rows.map((row): StoredCscCredential => ({
        credentialId: row.credential_id,
        userId: row.user_id,
        authMode: row.auth_mode,
        stepUp: row.step_up,
        passwordHash: row.password_hash,
        mobile: row.mobile,
        certificates: (JSON.parse(row.certificates) as string[]).map(
          (der) => new Uint8Array(Buffer.from(der, 'base64')),
        ),
        sealedKey: JSON.parse(row.sealed_key) as StoredCscCredential['sealedKey'],
      }));
    },
  };
}
