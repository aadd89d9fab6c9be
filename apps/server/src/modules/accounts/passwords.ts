// Password hashing with argon2id. Parameters follow OWASP's current minimum for argon2id
// (19 MiB memory, 2 iterations, 1 lane): about 25 ms here, cheap for us, costly for guessing.
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated
// modules cannot read.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** Whether an account has a password (accounts made from an identity store none, ADR 075). */
export const isPasswordSet = (passwordHash: string): boolean => passwordHash.startsWith('$argon2');

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/**
 * Verifies against a throw-away hash so that an unknown address costs as much time as a known
 * one with a wrong password: the two must not be told apart.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoyHash, password);
}
