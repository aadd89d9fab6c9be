// What the billing use cases need from the rest of the server.
import type { Kysely } from 'kysely';
import type { TenantResolver } from '../../lib/principal.js';
import type { Platform } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Failpoint } from '../../lib/failpoint.js';
import type { PaymentProvider } from '../../providers/payments/provider.js';
import type { Throttle } from '../accounts/index.js';

export interface BillingDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** the configured payment provider; undefined where none is (calls that charge answer 503) */
  provider: PaymentProvider | undefined;
  publicUrl: string;
  /** spec 1: the platform of the address the service is reached at (issuer, VAT, currency) */
  platform: Platform;
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  /** a business's status, as the edge reads it for callers (ADR 061) */
  tenants: TenantResolver;
  /** counts the promo and referral codes a buyer tries (ADR 063) */
  throttle: Throttle;
  /** lets a test hold a plan change where it has counted the seats taken */
  failpoint?: Failpoint | undefined;
}
