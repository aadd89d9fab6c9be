// One-time codes sent to a person to prove they hold their phone or mailbox right now: six random
// digits, kept only as an argon2id hash (a 6-digit code hashed fast would be found from a leaked
// row in a moment), valid for a short time, for one use, and locked after a few wrong tries. A
// resend replaces the code before it, and only so many are sent per hour. The callers decide what
// a refusal is called (ADR 077 Part 11 re-authentication, ADR 078 link signers' TANs).
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import * as repo from './repo.js';
import type { CodeKey } from './repo.js';

export type { CodeKey } from './repo.js';

export interface CodeRules {
  /** how long a code may be used after it was sent */
  ttlMs: number;
  /** wrong tries after which the code is locked (a new one must be sent) */
  maxAttempts: number;
  /** codes that may be sent in one hour */
  maxPerHour: number;
}

export const DEFAULT_CODE_RULES: CodeRules = { ttlMs: 10 * 60_000, maxAttempts: 5, maxPerHour: 5 };

// argon2id, 2 is Algorithm.Argon2id (an ambient const enum the isolated modules cannot read)
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export type IssueResult =
  { ok: true; code: string; expiresAt: string } | { ok: false; reason: 'too_many'; retryAt: string };

export type CheckResult =
  { ok: true; channel: string } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'locked' };

/** A new code for the key, unless the hour's allowance is spent; the caller sends it. */
export async function issueCode(
  db: Kysely<Database>,
  key: CodeKey,
  options: { now: Date; channel: string; rules?: CodeRules },
): Promise<IssueResult> {
  const rules = options.rules ?? DEFAULT_CODE_RULES;
  const hourAgo = new Date(options.now.getTime() - 3_600_000).toISOString();
  if ((await repo.countCodesSince(db, key, hourAgo)) >= rules.maxPerHour) {
    return {
      ok: false,
      reason: 'too_many',
      retryAt: new Date(options.now.getTime() + 3_600_000).toISOString(),
    };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(options.now.getTime() + rules.ttlMs).toISOString();
  await repo.insertCode(db, key, {
    id: newId(),
    codeHash: await hash(code, ARGON2),
    channel: options.channel,
    createdAt: options.now.toISOString(),
    expiresAt,
  });
  return { ok: true, code, expiresAt };
}

/** Where the live code went, or null when none is waiting (none, used, expired, locked). */
export async function pendingCode(
  db: Kysely<Database>,
  key: CodeKey,
  options: { now: Date; rules?: CodeRules },
): Promise<{ channel: string; expiresAt: string } | null> {
  const rules = options.rules ?? DEFAULT_CODE_RULES;
  const code = await repo.liveCode(db, key);
  if (!code || code.attempts >= rules.maxAttempts) return null;
  if (code.expiresAt <= options.now.toISOString()) return null;
  return { channel: code.channel, expiresAt: code.expiresAt };
}

/**
 * Checks `given` against the live code of the key and uses it up when it matches. A wrong code
 * counts a try; the try that reaches the limit locks the code, as does every later one.
 */
export async function checkCode(
  db: Kysely<Database>,
  key: CodeKey,
  given: string,
  options: { now: Date; rules?: CodeRules },
): Promise<CheckResult> {
  const rules = options.rules ?? DEFAULT_CODE_RULES;
  const code = await repo.liveCode(db, key);
  if (!code) return { ok: false, reason: 'missing' };
  if (code.attempts >= rules.maxAttempts) return { ok: false, reason: 'locked' };
  if (code.expiresAt <= options.now.toISOString()) return { ok: false, reason: 'expired' };
  const matches =
    /^\d{6}$/.test(given.trim()) && (await verify(code.codeHash, given.trim()).catch(() => false));
  if (!matches) {
    const attempts = await repo.countWrongTry(db, code.id);
    return { ok: false, reason: attempts >= rules.maxAttempts ? 'locked' : 'invalid' };
  }
  // two tries with the right code at once: only one of them uses it
  if (!(await repo.useCode(db, code.id, options.now.toISOString()))) return { ok: false, reason: 'missing' };
  return { ok: true, channel: code.channel };
}

/** Ends the waiting code of the key, if any: it can no longer be answered. */
export async function withdrawCode(
  db: Kysely<Database>,
  key: CodeKey,
  options: { now: Date },
): Promise<void> {
  await repo.withdrawCodes(db, key, options.now.toISOString());
}

/**
 * Counts a failed re-authentication against the waiting code (a wrong password given with it), so
 * that the code's few tries also bound how often a password can be guessed through this door.
 */
export async function countFailedTry(
  db: Kysely<Database>,
  key: CodeKey,
  options: { rules?: CodeRules } = {},
): Promise<'invalid' | 'locked'> {
  const rules = options.rules ?? DEFAULT_CODE_RULES;
  const code = await repo.liveCode(db, key);
  if (!code) return 'invalid';
  return (await repo.countWrongTry(db, code.id)) >= rules.maxAttempts ? 'locked' : 'invalid';
}
