// A signed-in person proving again who they are before a signature that asks it (Part 11, ADR
// 077): their password checked against the account's hash, and the defaults of a Part 11
// signature (printed name and meaning) kept on the account for the next one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { verifyPassword } from './passwords.js';
import { findPasswordHash, keepAttributes } from './repo.js';

/** Whether `password` is the live account's password; false for a deleted or unknown account. */
export async function verifyPersonPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
): Promise<boolean> {
  const passwordHash = await findPasswordHash(db, userId);
  return passwordHash !== undefined && (await verifyPassword(passwordHash, password));
}

/** Keeps the printed name and meaning of a Part 11 signature as the person's defaults. */
export async function keepPart11Defaults(
  db: Kysely<Database>,
  userId: string,
  stated: { printedName: string; meaning: string },
  at: string,
): Promise<void> {
  await keepAttributes(
    db,
    userId,
    { p11SigningName: stated.printedName, p11SigningReason: stated.meaning },
    at,
  );
}
