// Seals and API users of a business. A seal keeps its own key, encrypted under the trust
// key-encryption key as the CA keys are (ADR 053), its certificate and chain, and its visual; the
// people listed on it may apply it. An API user is a name, a hashed secret and the account row
// that owns the requests it sends (ADR 052).
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration023SealsAndApiUsers(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('seals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('quality', 'text', (c) => c.notNull())
    // DER, base64; the chain is a JSON array of base64 DER, issuer first
    .addColumn('certificate', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    // JSON of the encrypted PKCS#8 key (AES-256-GCM, bound to the seal's id)
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('key_algorithm', 'text', (c) => c.notNull())
    .addColumn('image_png', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('seals_business_name_idx')
    .on('seals')
    .columns(['business_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('seal_members')
    .addColumn('seal_id', 'text', (c) => c.notNull().references('seals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seal_members_pk', ['seal_id', 'user_id'])
    .execute();
  await db.schema.createIndex('seal_members_user_idx').on('seal_members').column('user_id').execute();

  await db.schema
    .createTable('api_users')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    // the account that owns the requests the API user sends; it has no password and no session
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    // SHA-256 of the random secret (32 bytes), as session tokens are kept
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('secret_set_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_users_business_idx')
    .on('api_users')
    .columns(['business_id', 'created_at'])
    .execute();
}
