// The sandbox Mobile ID provider (ADR 094), never in production: each confirmation waits on the
// sandbox phone page (/sandbox/mobile-id) for a person, or a test, to approve or refuse it, and
// lapses after two minutes by the server's clock, so tests move time instead of waiting.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MobileIdProvider } from './provider.js';
import { createSandboxMobileIdRepo, type SandboxMobileIdRepo } from './sandbox-repo.js';

/** How long the phone shows a confirmation before it lapses. */
export const SANDBOX_MOBILE_ID_TIMEOUT_MS = 2 * 60_000;

export interface SandboxMobileId extends MobileIdProvider {
  /** what the sandbox phone page reads and answers */
  repo: SandboxMobileIdRepo;
  now(): Date;
}

export function createSandboxMobileIdProvider(db: Kysely<Database>, now: () => Date): SandboxMobileId {
  const repo = createSandboxMobileIdRepo(db);
  return {
    repo,
    now,
    async requestConfirmation({ mobile, message }) {
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + SANDBOX_MOBILE_ID_TIMEOUT_MS);
      const transactionId = `mid_${randomBytes(16).toString('base64url')}`;
      await repo.insert({
        transactionId,
        mobile,
        message,
        status: 'pending',
        holder: null,
        createdAt,
        expiresAt,
      });
      return { transactionId, expiresAt };
    },
    async answerOf(transactionId) {
      const confirmation = await repo.find(transactionId);
      if (!confirmation) return { status: 'expired' };
      if (confirmation.status === 'approved' && confirmation.holder)
        return { status: 'approved', holder: confirmation.holder };
      if (confirmation.status === 'refused') return { status: 'refused' };
      return confirmation.expiresAt <= now() ? { status: 'expired' } : { status: 'pending' };
    },
  };
}
