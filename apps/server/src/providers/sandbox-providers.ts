// The sandbox providers of ADR 021 built together: identification (one sandbox plays srs and
// intrum), SMS into the sandbox box and the sandbox phone's Mobile ID (ADR 094). Never in production. The sandbox QTSP is a process of its
// own (ADR 076), reached like any QTSP through the CSC settings.
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { DEVELOPMENT_TRUST_KEK } from '../modules/trust/open-trust.js';
import { createSandboxIdentificationProvider } from './identification/sandbox.js';
import { createSandboxSmsSender } from './sms/sms.js';
import { createSandboxMobileIdProvider } from './mobile-id/sandbox.js';

export function createSandboxProviders(config: Config, db: Kysely<Database>, clock: Clock) {
  const now = () => clock.now();
  // The webhook secret is derived from the installation's key, so every process agrees on it.
  const secret = createHmac('sha256', config.trustKek ?? DEVELOPMENT_TRUST_KEK)
    .update('countersign sandbox identification webhook')
    .digest('hex');
  const identification = createSandboxIdentificationProvider({ publicUrl: config.publicUrl, secret, now });
  const sms = createSandboxSmsSender(db, now);
  return {
    identification,
    identificationProviders: { srs: identification, intrum: identification },
    sms,
    mobileId: createSandboxMobileIdProvider(db, now),
  };
}
