// Ids of the sandbox's objects, shaped like Stripe's (a type prefix and random characters), so
// logs and pages tell a customer from a payment at a glance.
import { randomBytes } from 'node:crypto';

export function newSandboxId(prefix: 'cus' | 'pm' | 'seti' | 'pi' | 'evt' | 'bps'): string {
  return `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;
}
