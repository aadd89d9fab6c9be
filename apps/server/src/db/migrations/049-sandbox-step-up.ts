// The sandbox QTSP's Swisscom step-up (ADR 087): what unlocks each credential (the texted code
// alone, or the person's password at the provider with it), and the scrypt hash of the password a
// person chose, so it holds across restarts of the sandbox as the credential's key does.
import type { Kysely } from 'kysely';

export async function migration049SandboxStepUp(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_csc_credentials')
    .addColumn('step_up', 'text', (c) => c.notNull().defaultTo('otp'))
    .execute();
  await db.schema.alterTable('sandbox_csc_credentials').addColumn('password_hash', 'text').execute();
}
