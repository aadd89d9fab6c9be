// What the signature-request use cases need from the rest of the server.
import type { Kysely } from 'kysely';
import type { CountersignTrustServices } from '@countersign/trust';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Failpoint } from '../../lib/failpoint.js';
import type { Liveness } from '../../liveness/incarnation.js';
import type { IdentificationProvider } from '../../providers/identification/provider.js';
import type { MailOutbox } from '../../providers/mail/outbox.js';
import type { RemoteSigningProvider } from '../../providers/remote-signing/provider.js';
import type { SmsSender } from '../../providers/sms/sms.js';
import type { MobileIdProvider } from '../../providers/mobile-id/provider.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { MailAttachmentSettingsSource } from './mail-attachment-settings.js';
import type { PdfEngine } from './pdf-engine.js';
import type { LocalSigningEngine } from './sign-and-store.js';
import type { SigningIdentityContext } from './signing-identity.js';
import type { RequestRecord } from './model.js';
import type { SealsRepo } from '../seals/index.js';
import type { PlanGate } from '../billing/index.js';

/** Composes completion mails somewhere other than the calling thread (the background worker, ADR 028). */
export interface CompletionMailer {
  /** The mail of one request, if it is still due; true when this call sent it. */
  sendCompletionMail(requestId: string): Promise<boolean>;
  /** Every completion mail still due; how many were sent. */
  sendDueCompletionMails(): Promise<number>;
}

export interface RequestsDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  mailer: MailOutbox;
  clock: Clock;
  trust: () => Promise<CountersignTrustServices>;
  publicUrl: string;
  maxUploadBytes: number;
  mailAttachmentsMaxBytes: number;
  /** MAIL_DELIVERY: inline composes the completion mail before the signer's answer (ADR 027) */
  mailDelivery: 'inline' | 'background';
  /** whether the completion mail attaches the signed documents and the protocol */
  mailAttachments: MailAttachmentSettingsSource;
  cacheDir: string;
  /** ADR 023: days from sending to the default deadline, and of the last reminder before it (0: none) */
  requestExpiry: { defaultDays: number; reminderDays: number };
  signingLockTtlMs: number;
  /** how long a signer waits for a live holder of a document's lock before 409 with Retry-After */
  signingLockWaitMs: number;
  /** this process's incarnation, which holds its locks and claims (ADR 046) */
  liveness: Liveness;
  failpoint: Failpoint;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  /** qualified signatures (ADR 021); undefined when no provider is configured */
  remoteSigning: RemoteSigningProvider | undefined;
  /** what deciding who signs reads (signing-identity.ts): only that, not this whole set */
  signingIdentity: SigningIdentityContext;
  /** identification for link holders (ADR 025), by provider name; empty when none is configured */
  identificationProviders: Partial<Record<string, IdentificationProvider>>;
  /** undefined: completion mails are composed in this thread */
  completionMailer: CompletionMailer | undefined;
  /** the signing threads (ADR 029); undefined: signatures are made on this thread */
  localSigning: LocalSigningEngine | undefined;
  /** reads, draws and edits uploaded documents: the PDF threads (ADR 043) or this thread */
  pdf: PdfEngine;
  /** whether pages are drawn before anyone asks, after upload and sending (only with PDF threads) */
  prerenderPages: boolean;
  /** the businesses' seals, applied instead of a personal signature (sealing.ts) */
  seals: SealsRepo;
  /** SMS for one-time codes (Part 11, ADR 077); undefined: codes go by mail */
  sms?: SmsSender | undefined;
  /** advanced signatures confirmed on the signer's phone (ADR 094); undefined: none configured */
  mobileId?: MobileIdProvider | undefined;
  /** what the plan of the request's owner allows (billing); undefined: nothing is limited */
  plans?:
    | Pick<PlanGate, 'checkCanUpload' | 'checkCanSend' | 'reserveSignature' | 'identificationPayer'>
    | undefined;
  /** told of each signature once committed, with its quality (the metrics, ADR 081) */
  onSigned?: ((quality: RequestRecord['quality']) => void) | undefined;
}
