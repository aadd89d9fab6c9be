// The signature-request use cases' dependencies, built from the configuration: blob store, mail
// outbox, trust services and sandbox providers. The serving thread builds them for its routes, and
// the background worker (ADR 028) builds its own set over its own database connection.
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { Liveness } from './liveness/incarnation.js';
import { createFailpoint, type Failpoint } from './lib/failpoint.js';
import { createTrustProvider, DEVELOPMENT_TRUST_KEK } from './modules/trust/open-trust.js';
import { createWalletServices } from './modules/wallet/index.js';
import { businessMailAttachments } from './modules/signature-requests/mail-attachment-settings.js';
import type { CompletionMailer, RequestsDeps } from './modules/signature-requests/deps.js';
import { inlinePdfEngine, type PdfEngine } from './modules/signature-requests/pdf-engine.js';
import type { LocalSigningEngine } from './modules/signature-requests/sign-and-store.js';
import { createSandboxMailer, createSmtpMailer, type Mailer } from './providers/mail/mailer.js';
import { createMailOutbox } from './providers/mail/outbox.js';
import { createSandboxProviders } from './providers/sandbox-providers.js';
import { createSwisscomMobileIdProvider } from './providers/mobile-id/swisscom.js';
import { createConfiguredRemoteSigning } from './providers/remote-signing/configured.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { createSealsRepo } from './modules/seals/repo.js';
import { createSigningIdentityContext } from './modules/signature-requests/signing-context.js';

export interface ServiceLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface ServiceOptions {
  clock: Clock;
  log: ServiceLog;
  /** a transport other than the configured one (tests) */
  mailer?: Mailer | undefined;
  failpoint?: Failpoint | undefined;
  /** this process's incarnation (ADR 046) */
  liveness: Liveness;
  /** who composes completion mails when not this thread (ADR 028) */
  completionMailer?: CompletionMailer | undefined;
  /** who makes signatures with our own keys when not this thread (ADR 029) */
  localSigning?: LocalSigningEngine | undefined;
  /** who reads uploaded documents when not this thread (ADR 043) */
  pdf?: PdfEngine | undefined;
  /** what the plan of a request's owner allows (billing); undefined: nothing is limited */
  plans?: RequestsDeps['plans'];
  onSigned?: RequestsDeps['onSigned'];
}

export function createRequestServices(config: Config, db: Db, options: ServiceOptions) {
  const { clock, log, liveness } = options;
  const failpoint = options.failpoint ?? createFailpoint(config.failpoint);
  const blobs = createBlobStore(config, { writer: liveness.id });
  // Every mail goes through the outbox (ADR 013); the transport is SMTP or the sandbox mailbox.
  const mailer = createMailOutbox({
    db: db.kysely,
    blobs,
    clock,
    log,
    mode: config.mailDelivery,
    liveness,
    failpoint,
    transport:
      options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createSandboxMailer(db.kysely, config.mailFrom, () => clock.now())),
  });
  const trust = createTrustProvider(config, db.kysely, clock);
  // Identification (ADR 021): only the sandbox providers exist so far. Remote signing goes to the
  // QTSPs the settings name, the sandbox QTSP included (ADR 076).
  const remoteSigning = createConfiguredRemoteSigning(config.remoteSigning);
  const sandboxes = config.sandboxProviders ? createSandboxProviders(config, db.kysely, clock) : undefined;
  // Wallets (ADR 085): a provider of their own, wherever a trust list or the sandbox wallet is
  const wallet = createWalletServices(config, db.kysely, clock, config.trustKek ?? DEVELOPMENT_TRUST_KEK);
  const identificationProviders = {
    ...sandboxes?.identificationProviders,
    ...(wallet && { wallet: wallet.provider }),
  };
  const requestsDeps: RequestsDeps = {
    db: db.kysely,
    blobs,
    mailer,
    clock,
    trust,
    publicUrl: config.publicUrl,
    maxUploadBytes: config.maxUploadBytes,
    mailAttachmentsMaxBytes: config.mailAttachmentsMaxBytes,
    mailDelivery: config.mailDelivery,
    mailAttachments: businessMailAttachments(db.kysely, config.mailAttachments),
    cacheDir: path.join(config.dataDir, 'cache'),
    requestExpiry: config.requestExpiry,
    signingLockTtlMs: config.signingLockTtlMs,
    signingLockWaitMs: config.signingLockWaitMs,
    liveness,
    failpoint,
    log,
    remoteSigning,
    signingIdentity: createSigningIdentityContext(db.kysely, remoteSigning),
    identificationProviders,
    completionMailer: options.completionMailer,
    localSigning: options.localSigning,
    pdf: options.pdf ?? inlinePdfEngine,
    prerenderPages: config.pdfThreads > 0,
    seals: createSealsRepo(db.kysely),
    plans: options.plans,
    onSigned: options.onSigned,
    sms: sandboxes?.sms,
    // Mobile ID (ADR 094, 107): the configured service, else the sandbox phone where it runs
    mobileId: config.mobileId
      ? createSwisscomMobileIdProvider(config.mobileId, () => clock.now())
      : sandboxes?.mobileId,
  };
  return { blobs, mailer, trust, sandboxes, wallet, requestsDeps };
}
