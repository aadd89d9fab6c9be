// Single sign-on through OpenID Connect (ADR 075): the identities people sign in with (an issuer
// and its subject, linked to one account), each business's own identity provider, the sign-ins
// under way (their state, nonce and PKCE verifier, kept by the server and used once), and the
// links waiting for the password of an existing account.
import type { Kysely } from 'kysely';

export async function migration038SingleSignOn(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('account_identities_user_idx')
    .on('account_identities')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('business_identity_providers')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    // AES-256-GCM under a key derived from TRUST_KEK; never answered (ADR 075)
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    // JSON of the claim mapping
    .addColumn('claims', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sso_sign_ins')
    // SHA-256 of the state the browser carries
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    // a business's provider (its id), or one of the installation's (its name)
    .addColumn('business_id', 'text', (c) => c.references('businesses.id').onDelete('cascade'))
    .addColumn('provider_name', 'text')
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('sso_pending_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.references('businesses.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}
