// Random bearer secrets (session tokens, e-mail links) and the hashes we store instead of them.
// 32 random bytes are unguessable, so a fast SHA-256 is the right hash: a slow password hash would
// add nothing but latency to every request.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newId(): string {
  return randomUUID();
}
