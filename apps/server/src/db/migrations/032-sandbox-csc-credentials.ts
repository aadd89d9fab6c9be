// The sandbox QTSP's credentials (providers/remote-signing/repo.ts): a qualified seal keeps its key
// and certificate across restarts. The private key is stored only as the trust services encrypted
// it under the key-encryption key, bound to its user and credential id.
import type { Kysely } from 'kysely';

export async function migration032SandboxCscCredentials(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_csc_credentials')
    .addColumn('credential_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('auth_mode', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('certificates', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_csc_credentials_user')
    .on('sandbox_csc_credentials')
    .columns(['user_id', 'created_at'])
    .execute();
}
