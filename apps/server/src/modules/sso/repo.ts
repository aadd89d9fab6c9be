// SQL of single sign-on: each business's identity provider, the sign-ins under way (state, nonce
// and PKCE verifier, used once), and the links waiting for an account's password.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ClaimMapping } from '../../providers/openid/relying-party.js';

export interface StoredBusinessProvider {
  businessId: string;
  issuer: string;
  clientId: string;
  /** encrypted (secret-box.ts) */
  sealedClientSecret: string;
  scopes: string[];
  claims: ClaimMapping;
  required: boolean;
  updatedAt: string;
}

/** What a sign-in is for: an answer is taken only by the flow that started it (ADR 083). */
export type SignInPurpose = 'sso' | 'eidplus_signup' | 'idaustria_connect';

export interface PendingSignIn {
  businessId: string | null;
  providerName: string | null;
  purpose: SignInPurpose;
  /** `user:<id>` or `signer:<id>` of whoever started it; null when nobody was signed in */
  holder: string | null;
  nonce: string;
  codeVerifier: string;
}

export interface PendingLink {
  userId: string;
  issuer: string;
  subject: string;
  businessId: string | null;
}

export function createSsoRepo(db: Kysely<Database>) {
  return {
    async findBusinessProvider(businessId: string): Promise<StoredBusinessProvider | undefined> {
      const row = await db
        .selectFrom('business_identity_providers')
        .selectAll()
        .where('business_id', '=', businessId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        businessId: row.business_id,
        issuer: row.issuer,
        clientId: row.client_id,
        sealedClientSecret: row.client_secret,
        scopes: row.scopes.split(' ').filter((s) => s.length > 0),
        claims: JSON.parse(row.claims) as ClaimMapping,
        required: row.required === 1,
        updatedAt: row.updated_at,
      };
    },

    async saveBusinessProvider(p: StoredBusinessProvider): Promise<void> {
      const values = {
        issuer: p.issuer,
        client_id: p.clientId,
        client_secret: p.sealedClientSecret,
        scopes: p.scopes.join(' '),
        claims: JSON.stringify(p.claims),
        required: p.required ? 1 : 0,
        updated_at: p.updatedAt,
      };
      await db
        .insertInto('business_identity_providers')
        .values({ business_id: p.businessId, created_at: p.updatedAt, ...values })
        .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
        .execute();
    },

    async deleteBusinessProvider(businessId: string): Promise<void> {
      await db.deleteFrom('business_identity_providers').where('business_id', '=', businessId).execute();
    },

    async insertSignIn(s: PendingSignIn & { stateHash: string; createdAt: string; expiresAt: string }) {
      await db
        .insertInto('sso_sign_ins')
        .values({
          state_hash: s.stateHash,
          business_id: s.businessId,
          provider_name: s.providerName,
          purpose: s.purpose,
          holder: s.holder,
          nonce: s.nonce,
          code_verifier: s.codeVerifier,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /**
     * Takes the sign-in of a state once: a second answer with the same state (a replayed code)
     * finds nothing, even when both arrive at the same moment.
     */
    async consumeSignIn(
      stateHash: string,
      purpose: SignInPurpose,
      now: string,
    ): Promise<PendingSignIn | undefined> {
      const result = await db
        .updateTable('sso_sign_ins')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom('sso_sign_ins')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .executeTakeFirstOrThrow();
      return {
        businessId: row.business_id,
        providerName: row.provider_name,
        purpose: row.purpose as SignInPurpose,
        holder: row.holder,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
      };
    },

    async insertLink(l: PendingLink & { tokenHash: string; createdAt: string; expiresAt: string }) {
      await db
        .insertInto('sso_pending_links')
        .values({
          token_hash: l.tokenHash,
          user_id: l.userId,
          issuer: l.issuer,
          subject: l.subject,
          business_id: l.businessId,
          created_at: l.createdAt,
          expires_at: l.expiresAt,
          used_at: null,
        })
        .execute();
    },

    async findLink(tokenHash: string, now: string): Promise<PendingLink | undefined> {
      const row = await db
        .selectFrom('sso_pending_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row
        ? { userId: row.user_id, issuer: row.issuer, subject: row.subject, businessId: row.business_id }
        : undefined;
    },

    async useLink(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('sso_pending_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SsoRepo = ReturnType<typeof createSsoRepo>;
