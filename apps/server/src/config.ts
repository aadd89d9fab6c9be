// Server configuration, read once from the environment and validated. Everything has a default
// that works on a fresh machine (SQLite and files under ./data, the sandbox mailbox), except in
// production mode, where the secrets must be given.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isLoopbackHost } from './http/loopback.js';
import { DEFAULT_PDF_LIMITS, type PdfLimits } from '@countersign/pdf';
import { checkKeyEncryptionKey } from '@countersign/trust/key-encryption-key';
import { readOpenIdConfig, type OpenIdConfig } from './providers/openid/settings.js';
import { readWalletConfig, type WalletConfig } from './providers/wallet/settings.js';
import {
  RemoteSigningConfigError,
  remoteSigningOf,
  type RemoteSigningConfig,
} from './config-remote-signing.js';
import { ThirdPartyConfigError, thirdPartiesOf, type ThirdPartyConfig } from './config-third-parties.js';
import { MobileIdConfigError, mobileIdOf, type MobileIdConfig } from './config-mobile-id.js';

const ZEnv = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // Where documents are kept (ADR 071): the local directory DATA_DIR/blobs, or an S3 bucket
  BLOB_STORE: z.enum(['directory', 's3']).default('directory'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Countersign <no-reply@countersign.localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_KEK: z.string().min(16).optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(50),
  MAIL_ATTACHMENTS_MB: z.coerce.number().min(0).default(15),
  MAIL_ATTACH_SIGNED_DOCUMENTS: z.enum(['true', 'false']).default('true'),
  MAIL_ATTACH_PROTOCOL: z.enum(['true', 'false']).default('true'),
  MAIL_DELIVERY: z.enum(['background', 'inline']).optional(),
  MAIL_FAILED_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  BACKGROUND_WORKER: z.enum(['true', 'false']).optional(),
  SIGNING_THREADS: z.coerce.number().int().min(0).max(32).optional(),
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).optional(),
  API_USER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  VERIFICATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAINTENANCE: z.enum(['off', 'light', 'blocking']).default('off'),
  MAINTENANCE_URL: z.string().url().optional(),
  // the operator's own terms and privacy policy; without them the web app shows built-in ones
  TERMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  SANDBOX_ACCESS: z.enum(['loopback', 'anyone']).default('loopback'),
  REQUEST_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  REQUEST_EXPIRY_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  // renew a completed document's archive time-stamp once its proof ends within this many days
  // (ADR 089: at most five years, since a fresh stamp's proof lasts at least seven)
  ARCHIVE_RENEWAL_MARGIN_DAYS: z.coerce.number().int().min(1).max(1825).default(730),
  SIGNING_LOCK_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
  SIGNING_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  // how long a SIGTERM waits for the requests in flight before it cuts them (ADR 081)
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // the Bearer token that opens /metrics to other machines than this one (ADR 081)
  // where traces go over OTLP/HTTP (the collector's base URL); unset, nothing is traced (ADR 081)
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // where the web app's error reports are forwarded besides the log: a Sentry-compatible DSN (ADR 091)
  SENTRY_DSN: z
    .url({ protocol: /^https?$/ })
    .refine((dsn) => {
      const url = new URL(dsn);
      return url.username !== '' && url.pathname.length > 1;
    }, 'SENTRY_DSN must be a DSN: https://<public key>@<host>/<project id>')
    .optional(),
  CLIENT_ERRORS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(30),
  // images the resizing endpoint draws for one IP a minute (answers from its cache are not counted)
  IMAGE_RENDERS_PER_IP_MINUTE: z.coerce.number().int().min(1).default(120),
  /** the periodic jobs of a serving process; off by default in tests, which run them themselves */
  BACKGROUND_JOBS: z.enum(['true', 'false']).optional(),
  COUNTERSIGN_FAILPOINT: z.string().optional(),
  DNS_RESOLVER: z.string().optional(),
  BUSINESS_DELETION_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  INVITATIONS_PER_BUSINESS_HOUR: z.coerce.number().int().min(1).default(100),
  DOMAIN_CLAIM_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  BUSINESS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // What one uploaded document may cost to read (packages/pdf/src/limits.ts, ADR 043)
  PDF_MAX_STREAM_MB: z.coerce.number().positive().optional(),
  PDF_MAX_DOCUMENT_INFLATED_MB: z.coerce.number().positive().optional(),
  PDF_MAX_OBJECTS: z.coerce.number().int().positive().optional(),
  PDF_MAX_NESTING_DEPTH: z.coerce.number().int().positive().max(10_000).optional(),
  PDF_MAX_STRING_MB: z.coerce.number().positive().optional(),
  PDF_MAX_PAGES: z.coerce.number().int().positive().optional(),
  PDF_MAX_PAGE_SIZE_PT: z.coerce.number().positive().optional(),
  PDF_MAX_RENDER_PIXELS: z.coerce.number().int().positive().optional(),
  PDF_MAX_ARRAY_LENGTH: z.coerce.number().int().positive().optional(),
  // PDFium's own heap takes about 18 MB before it draws anything
  PDF_MAX_RENDER_MEMORY_MB: z.coerce.number().int().min(32).max(2047).optional(),
  // The PDF threads that read documents from strangers (ADR 043)
  PDF_THREADS: z.coerce.number().int().min(0).max(32).optional(),
  PDF_THREAD_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  PDF_TASK_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  SIGNING_TASK_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
  // Payments (ADR 050): the sandbox wherever sandboxes are allowed, else none unless stripe is set
  PAYMENT_PROVIDER: z.enum(['none', 'sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  // Webhooks for integrators (ADR 069)
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().int().min(1).max(90).default(5),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  // The operator API (ADR 062): unset, it is not there; a long random secret otherwise
  OPERATOR_API_TOKEN: z
    .string()
    .trim()
    .min(32, 'OPERATOR_API_TOKEN must be at least 32 characters')
    .optional(),
});

/** The blob store: the directory `DATA_DIR/blobs`, or a bucket of S3 or an S3-compatible service. */
export type BlobStoreConfig =
  | { kind: 'directory' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** another service than AWS's S3; undefined: AWS */
      endpoint: string | undefined;
      forcePathStyle: boolean;
    };

export interface Config {
  blobStore: BlobStoreConfig;
  environment: 'production' | 'development' | 'test';
  /** When the mail outbox hands a mail to the transport: right away in the background, or inline. */
  mailDelivery: 'background' | 'inline';
  /** How long a mail that failed for good stays in the outbox for an operator to look at. */
  mailFailedKeepDays: number;
  /** DNS servers for domain proofs (host or host:port); empty: the system's */
  /**
   * Who answers the TXT lookups that prove a domain (ADR 042): the sandbox DNS zone (`sandbox`,
   * published on /sandbox/dns; never in production), or DNS servers (none named: the system's).
   */
  dns: { sandbox: true } | { sandbox: false; servers: string[] };
  /** notice between a business's deletion request and the deletion */
  businessDeletionDays: number;
  /** Invitations (re-sent ones too) one business may send in an hour (ADR 063). */
  invitationsPerBusinessHour: number;
  /** Days an unproved domain claim lasts (ADR 042). */
  domainClaimDays: number;
  /** how long after reaching its terminal state a business's retention rule deletes a request */
  businessRetentionDays: number;
  /** Completion mails are composed in a worker thread beside the serving one (ADR 028). */
  backgroundWorker: boolean;
  /** Threads that make signatures beside the serving thread (ADR 029); 0: the serving thread signs. */
  signingThreads: number;
  /** Registrations one IP may make in an hour (ADR 045). */
  registrationsPerIpHour: number;
  /** Calls one API user of a business may make in a minute; past it 429 with Retry-After. */
  apiUserCallsPerMinute: number;
  /** files one IP may hand the public verifier in an hour (ADR 079) */
  verificationsPerIpHour: number;
  host: string;
  port: number;
  dataDir: string;
  /** postgres://... or undefined for the embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  trustKek: string | undefined;
  maxUploadBytes: number;
  /** signed documents are attached to the completion mail up to this total, else linked */
  mailAttachmentsMaxBytes: number;
  /** What the completion mail attaches (the spec's business mail settings; ADR 023). */
  mailAttachments: { signedDocument: boolean; signatureProtocol: boolean };
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  maintenance: { mode: 'off' | 'light' | 'blocking'; url: string | undefined };
  /** Where the operator publishes their terms and privacy policy (else the app's built-in pages). */
  legalPages: { termsUrl: string | null; privacyUrl: string | null };
  webDistDir: string;
  /** Whose X-Forwarded-* headers to believe: nobody, the nearest proxy (true), or these addresses. */
  trustProxy: boolean | string[];
  /** Who may open the sandbox pages (mail, SMS, identification, CSC): this machine, or anyone. */
  sandboxAccess: 'loopback' | 'anyone';
  /** The sandbox mailbox keeps mail when no SMTP server is configured, never in production. */
  sandboxMail: boolean;
  /** Sandbox identification and SMS providers (ADR 021): everywhere but production. */
  sandboxProviders: boolean;
  /** The QTSPs of qualified signatures and seals, over CSC API v2 (ADR 076). */
  remoteSigning: RemoteSigningConfig;
  /** the Mobile ID service (ADR 107); unset: the sandbox phone where sandboxes run, else none */
  mobileId: MobileIdConfig | undefined;
  /** analytics, user guidance, affiliate programme and marketing form: each off until configured */
  thirdParties: ThirdPartyConfig;
  /** Who collects payments (ADR 050): the sandbox (never in production), Stripe, or nobody. */
  payments: PaymentsConfig;
  /** ADR 023: an open request without a deadline expires this many days after it was sent; its
   * pending signers are reminded `reminderDays` before (0: no such reminder). */
  requestExpiry: { defaultDays: number; reminderDays: number };
  /** ADR 089: a completed document is stamped again once its newest proof ends within this many days */
  archiveRenewalMarginDays: number;
  /** How long a document write lock lives if its holder dies without releasing it. */
  signingLockTtlMs: number;
  /** What one document may cost to read; each thread applies them (ADR 043). */
  pdfLimits: PdfLimits;
  /** Threads that inspect, draw and edit uploaded documents (ADR 043); 0: the serving thread does. */
  pdfThreads: number;
  /** The heap ceiling of one PDF thread, in MB. */
  pdfThreadMemoryMb: number;
  /** How long one PDF task may take before its thread is stopped. */
  pdfTaskTimeoutMs: number;
  /** How long one signing job may take on a signing thread before that thread is stopped. */
  signingTaskTimeoutMs: number;
  /** how long a signer waits for another live signer of the same document (then 409, Retry-After) */
  signingLockWaitMs: number;
  /** how often this process proves it is alive; five missed beats and its holdings are free (ADR 046) */
  heartbeatMs: number;
  /** whether this process runs its periodic jobs (sweeps, expiry, completion mails, recovery) */
  backgroundJobs: boolean;
  /** on SIGTERM, how long the requests in flight may take before their connections are cut (ADR 081) */
  shutdownTimeoutMs: number;
  /** the Bearer token other machines read /metrics with; undefined: this machine only (ADR 081) */
  metricsToken: string | undefined;
  /** the OTLP/HTTP collector traces are sent to; undefined: tracing is off (ADR 081) */
  otlpEndpoint: string | undefined;
  /** the Sentry-compatible intake the web app's error reports are forwarded to (ADR 091) */
  sentryDsn: string | undefined;
  /** error reports one IP may send a minute (POST /api/client-errors) */
  clientErrorsPerIpMinute: number;
  /** images the resizing endpoint draws for one IP a minute (GET /v1/images/resize) */
  imageRendersPerIpMinute: number;
  /** Test mode only: the named failpoint stops the process there (see lib/failpoint.ts). */
  failpoint: string | undefined;
  /**
   * The Bearer token of the operator API (verifying businesses, ADR 062); undefined: the
   * operator API is not served and the `countersign business` commands are the only door.
   */
  operatorApiToken: string | undefined;
  /**
   * Webhooks (ADR 069): an endpoint every delivery has failed to for `disableAfterDays` is
   * disabled; private, loopback and link-local addresses are refused unless `allowPrivate`; one
   * attempt may take `timeoutMs`.
   */
  webhooks: { disableAfterDays: number; allowPrivate: boolean; timeoutMs: number };
  /** single sign-on (ADR 075): the installation's OpenID providers, the sandbox one, limits */
  openId: OpenIdConfig;
  /** identification with digital identity wallets (ADR 085): trust list, sandbox wallet, limits */
  wallet: WalletConfig;
}

/**
 * Signing threads when SIGNING_THREADS is not set (ADR 029): one per core, at most four. The
 * serving thread needs little CPU of its own, and each signing thread spends part of every
 * signature waiting for the disk (two on 2 cores: docs/benchmarks.md, run of 2026-11-23 20:44).
 */
export function defaultSigningThreads(): number {
  return Math.max(1, Math.min(os.availableParallelism(), 4));
}

const MB = 1024 * 1024;

/** The PDF limits the environment sets, the package's defaults for the rest. */
function pdfLimitsOf(e: z.infer<typeof ZEnv>): PdfLimits {
  const mb = (value: number | undefined, fallback: number) =>
    value === undefined ? fallback : Math.round(value * MB);
  const d = DEFAULT_PDF_LIMITS;
  return {
    maxStreamBytes: mb(e.PDF_MAX_STREAM_MB, d.maxStreamBytes),
    maxDocumentInflatedBytes: mb(e.PDF_MAX_DOCUMENT_INFLATED_MB, d.maxDocumentInflatedBytes),
    maxObjects: e.PDF_MAX_OBJECTS ?? d.maxObjects,
    maxNestingDepth: e.PDF_MAX_NESTING_DEPTH ?? d.maxNestingDepth,
    maxStringBytes: mb(e.PDF_MAX_STRING_MB, d.maxStringBytes),
    maxPages: e.PDF_MAX_PAGES ?? d.maxPages,
    maxPageSizePt: e.PDF_MAX_PAGE_SIZE_PT ?? d.maxPageSizePt,
    maxRenderPixels: e.PDF_MAX_RENDER_PIXELS ?? d.maxRenderPixels,
    maxArrayLength: e.PDF_MAX_ARRAY_LENGTH ?? d.maxArrayLength,
    maxRenderMemoryBytes: mb(e.PDF_MAX_RENDER_MEMORY_MB, d.maxRenderMemoryBytes),
  };
}

export type PaymentsConfig =
  | { provider: 'none' }
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** another API server than Stripe's (tests point the SDK at a local one) */
      apiBase: string | undefined;
    };

/**
 * DNS_RESOLVER: `sandbox` (the default outside production), `system`, or DNS servers (`host` or
 * `host:port`, comma-separated). The sandbox proves any domain its page is told to, so never in
 * production (ADR 038).
 */
function dnsOf(e: z.infer<typeof ZEnv>): Config['dns'] {
  const setting = (e.DNS_RESOLVER ?? (e.NODE_ENV === 'production' ? 'system' : 'sandbox')).trim();
  if (setting === 'sandbox') {
    if (e.NODE_ENV === 'production')
      throw new ConfigError(
        'DNS_RESOLVER=sandbox proves domains without DNS and is never used in production',
      );
    return { sandbox: true };
  }
  const servers = setting === 'system' ? [] : setting.split(',').map((s) => s.trim());
  return { sandbox: false, servers: servers.filter((s) => s.length > 0) };
}

/** PAYMENT_PROVIDER and its secrets: the sandbox only where sandboxes may run (ADR 038). */
function paymentsOf(e: z.infer<typeof ZEnv>): PaymentsConfig {
  const provider = e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (provider === 'none') return { provider };
  if (provider === 'sandbox') {
    if (e.NODE_ENV === 'production')
      throw new ConfigError('PAYMENT_PROVIDER=sandbox takes no money and is never used in production');
    return { provider };
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  return {
    provider,
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE,
  };
}

/**
 * BLOB_STORE and the S3 settings. Credentials are not settings of ours: the SDK finds them
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, the role of the machine).
 */
function blobStoreOf(e: z.infer<typeof ZEnv>): BlobStoreConfig {
  const s3Settings = (['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (name) => e[name] !== undefined,
  );
  if (e.BLOB_STORE !== 's3') {
    // documents the operator meant for a bucket would quietly land on the local disk
    if (s3Settings.length > 0)
      throw new ConfigError(
        `${s3Settings.join(', ')} set, but BLOB_STORE is not s3: set BLOB_STORE=s3 to keep documents in the bucket, or unset them`,
      );
    return { kind: 'directory' };
  }
  if (!e.S3_BUCKET)
    throw new ConfigError('BLOB_STORE=s3 needs S3_BUCKET, the bucket that keeps the documents');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(e.S3_BUCKET))
    throw new ConfigError(
      `S3_BUCKET: '${e.S3_BUCKET}' is not a bucket name (3-63 lowercase letters, digits, dots, hyphens)`,
    );
  if (!e.S3_REGION)
    throw new ConfigError(
      "BLOB_STORE=s3 needs S3_REGION (the bucket's region; us-east-1 for most S3-compatible services)",
    );
  if (
    e.NODE_ENV === 'production' &&
    e.S3_ENDPOINT?.startsWith('http:') &&
    !isLoopbackHost(new URL(e.S3_ENDPOINT).hostname)
  )
    throw new ConfigError('S3_ENDPOINT must be https:// in production: documents would travel unencrypted');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

export class ConfigError extends Error {
  readonly code = 'config.invalid';
}

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: `true`, `false`, or the proxies' addresses (comma-separated; CIDR ranges and
 * the names loopback, linklocal, uniquelocal allowed). */
function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'false' || value === 'true') return value === 'true';
  const addresses = value.split(',').map((address) => address.trim());
  for (const address of addresses) {
    const [ip = '', prefix] = address.split('/');
    const isAddress = net.isIP(ip) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
    if (!isAddress && !PROXY_RANGES.includes(address)) {
      throw new ConfigError(
        `TRUST_PROXY: '${address}' is not an address; give true, false, or the proxies' addresses (comma-separated, CIDR ranges allowed)`,
      );
    }
  }
  return addresses;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Tests read the mailbox right after a call, so there the outbox delivers before returning.
  const mailDelivery = e.MAIL_DELIVERY ?? (e.NODE_ENV === 'test' ? 'inline' : 'background');
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  if (e.NODE_ENV === 'production') {
    if (!e.TRUST_KEK) throw new ConfigError('TRUST_KEK is required in production');
    if (!e.SMTP_URL) throw new ConfigError('SMTP_URL is required in production');
    if (!e.PUBLIC_URL) throw new ConfigError('PUBLIC_URL is required in production');
  }
  if (e.TRUST_KEK) {
    // a malformed `key:` value is refused at start, not at the first decryption
    try {
      checkKeyEncryptionKey(e.TRUST_KEK);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  // Outside production the server serves this machine only unless told otherwise.
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  if (!e.TRUST_KEK && !isLoopbackHost(host)) {
    throw new ConfigError(
      `HOST=${host} lets other machines reach this server, but TRUST_KEK is not set, so the private keys would be protected by the publicly known development key. Set TRUST_KEK to a secret of at least 16 characters (or leave HOST unset to serve this machine only).`,
    );
  }
  let remoteSigning: RemoteSigningConfig;
  let thirdParties: ThirdPartyConfig;
  let mobileId: MobileIdConfig | undefined;
  try {
    remoteSigning = remoteSigningOf(env, e.NODE_ENV === 'production');
    thirdParties = thirdPartiesOf(env);
    mobileId = mobileIdOf(env);
  } catch (error) {
    if (
      error instanceof RemoteSigningConfigError ||
      error instanceof ThirdPartyConfigError ||
      error instanceof MobileIdConfigError
    )
      throw new ConfigError(error.message);
    throw error;
  }
  return {
    environment: e.NODE_ENV,
    remoteSigning,
    mobileId,
    thirdParties,
    host,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    blobStore: blobStoreOf(e),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailFailedKeepDays: e.MAIL_FAILED_KEEP_DAYS,
    dns: dnsOf(e),
    businessDeletionDays: e.BUSINESS_DELETION_DAYS,
    invitationsPerBusinessHour: e.INVITATIONS_PER_BUSINESS_HOUR,
    domainClaimDays: e.DOMAIN_CLAIM_DAYS,
    businessRetentionDays: e.BUSINESS_RETENTION_DAYS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustKek: e.TRUST_KEK,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    mailAttachmentsMaxBytes: Math.round(e.MAIL_ATTACHMENTS_MB * 1024 * 1024),
    mailAttachments: {
      signedDocument: e.MAIL_ATTACH_SIGNED_DOCUMENTS === 'true',
      signatureProtocol: e.MAIL_ATTACH_PROTOCOL === 'true',
    },
    mailDelivery,
    // a worker composing the mail after the answer is pointless when the answer waits for it
    backgroundWorker: e.BACKGROUND_WORKER ? e.BACKGROUND_WORKER === 'true' : mailDelivery === 'background',
    // tests sign on the serving thread, where their clock is
    signingThreads: e.SIGNING_THREADS ?? (e.NODE_ENV === 'test' ? 0 : defaultSigningThreads()),
    // tests sign up dozens of people from one address unless they ask for the limit
    registrationsPerIpHour: e.REGISTRATIONS_PER_IP_HOUR ?? (e.NODE_ENV === 'test' ? 100_000 : 20),
    apiUserCallsPerMinute: e.API_USER_CALLS_PER_MINUTE,
    verificationsPerIpHour: e.VERIFICATIONS_PER_IP_HOUR,
    logLevel: e.LOG_LEVEL,
    maintenance: { mode: e.MAINTENANCE, url: e.MAINTENANCE_URL },
    legalPages: { termsUrl: e.TERMS_URL ?? null, privacyUrl: e.PRIVACY_URL ?? null },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sandboxAccess: e.SANDBOX_ACCESS,
    sandboxMail: !e.SMTP_URL && e.NODE_ENV !== 'production',
    sandboxProviders: e.NODE_ENV !== 'production',
    payments: paymentsOf(e),
    signingLockTtlMs: e.SIGNING_LOCK_TTL_MS,
    signingLockWaitMs: e.SIGNING_LOCK_WAIT_MS,
    heartbeatMs: e.HEARTBEAT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN || undefined,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    sentryDsn: e.SENTRY_DSN || undefined,
    clientErrorsPerIpMinute: e.CLIENT_ERRORS_PER_IP_MINUTE,
    imageRendersPerIpMinute: e.IMAGE_RENDERS_PER_IP_MINUTE,
    backgroundJobs: e.BACKGROUND_JOBS === undefined ? e.NODE_ENV !== 'test' : e.BACKGROUND_JOBS === 'true',
    requestExpiry: { defaultDays: e.REQUEST_EXPIRY_DAYS, reminderDays: e.REQUEST_EXPIRY_REMINDER_DAYS },
    archiveRenewalMarginDays: e.ARCHIVE_RENEWAL_MARGIN_DAYS,
    failpoint: e.NODE_ENV === 'test' ? e.COUNTERSIGN_FAILPOINT : undefined,
    pdfLimits: pdfLimitsOf(e),
    // tests read documents on the serving thread unless they ask for threads, as for signing
    pdfThreads: e.PDF_THREADS ?? (e.NODE_ENV === 'test' ? 0 : Math.min(2, os.availableParallelism())),
    pdfThreadMemoryMb: e.PDF_THREAD_MEMORY_MB,
    pdfTaskTimeoutMs: e.PDF_TASK_TIMEOUT_MS,
    signingTaskTimeoutMs: e.SIGNING_TASK_TIMEOUT_MS,
    operatorApiToken: e.OPERATOR_API_TOKEN || undefined,
    webhooks: {
      disableAfterDays: e.WEBHOOK_DISABLE_AFTER_DAYS,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    openId: readOpenIdConfig(env, {
      production: e.NODE_ENV === 'production',
      fail: (message) => new ConfigError(message),
    }),
    wallet: readWalletConfig(env, {
      production: e.NODE_ENV === 'production',
      fail: (message) => new ConfigError(message),
    }),
  };
}
