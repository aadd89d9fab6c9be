// Signing: each listed request is signed for the caller with a certificate issued for this one
// signature, timestamped (PAdES B-T). The last signature completes every document to B-LTA and
// leaves the parties' completion mail due (completion/, composed after the answer). New
// revisions are written as blobs first (sign-and-store.ts, on a signing thread when the process
// has them, ADR 029); one transaction then moves the documents, the signer and the request
// together, so a crash at any point leaves the request at its previous, consistent state; and
// compare-and-set, so a withdraw or decline that lands while a signature is being made wins over
// it (the signature gets 409 and its revisions are removed).
import { notify, requestViewLink } from './notify.js';
import { signatureReason, signerName } from './signature-words.js';
import { finishSignature, startSignature } from '@countersign/pades';
import type { CountersignTrustServices } from '@countersign/trust';
import type { VisualAppearance } from '@countersign/pdf';
import { isLastPendingSigner, isPastExpiry, type Language, type RecordedConsent } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvents, type NewEvent } from './events-repo.js';
import { appearanceFor } from './visual-appearance.js';
import { withDocumentLocks, type HeldLocks } from './locks.js';
import { prerenderPages, type PrerenderDeps } from './documents.js';
import {
  requireProviderCodeFirst,
  resolveSigningIdentity,
  type RedirectAuthorisation,
  signingPersonOf,
  type SigningIdentity,
  type SigningPerson,
} from './signing-identity.js';
import {
  completeAndStore,
  signAndStore,
  type DocumentToSign,
  type SignAndStoreEnv,
  type LocalSigningEngine,
  type StoredRevision,
} from './sign-and-store.js';
import { fieldValuesFor, type GivenValues } from './fields/field-values.js';
import { setFieldValues } from './fields/repo.js';
import type { RequestRecord, SignerRecord } from './model.js';
import { linkGrantTimes } from './link-grants.js';
import * as repo from './repo.js';
import { deleteNewRevisionIfUnused } from './blob-removal.js';
import { actorOf, advanceDocuments, requireRequest, writeRequest } from './service.js';
import { afterCompletion } from './completion/completion-mail.js';
import { remoteSealSigner, requireUsableSeal, sealAppearance, type SealToApply } from './sealing.js';
import { recordSignature } from '../business-activity/index.js';
import type { CompletionMailDeps } from './completion/completion-mail.js';
import { part11StatementFor, type Part11Session } from './part11/reauthentication.js';
import { part11Appearance, part11EventData, type Part11Manifest } from './part11/manifestation.js';
import { keepPart11Defaults } from '../accounts/index.js';
import { requireTanIfDemanded } from './verification/tan.js';
import type { MobileIdHolder } from '../../providers/mobile-id/provider.js';

export interface SignOptions {
  language: Language;
  signingName?: string | undefined;
  signingReason?: string | undefined;
  signingLocation?: string | undefined;
  visualSignatureId?: string | undefined;
  /** qualified signatures: the TAN the remote-signing provider sent (signing-identity.ts) */
  tan?: string | undefined;
  /** with the TAN, the signer's password at a Swisscom-style provider (swisscom-proceed.ts) */
  providerPassword?: string | undefined;
  /** qualified signatures authorised at the provider's own page instead of by TAN (mab-*.ts) */
  redirect?: RedirectAuthorisation | undefined;
  /** an advanced signature the signer approved on their phone (mobile-id-signing.ts, ADR 094) */
  mobileId?: { transactionId: string; holder: MobileIdHolder } | undefined;
  /** the consent to sign electronically, word for word, recorded with the signature */
  consent: RecordedConsent;
  /** the signer's text, check-box and initials fields by id (fields/field-values.ts) */
  fieldValues?: GivenValues | undefined;
  /** the account name of a business seal to apply instead of a personal signature (sealing.ts) */
  seal?: string | undefined;
  /** the password and code of a Part 11 signature, checked once per call (part11/, ADR 077) */
  part11?: Part11Session | undefined;
  /** set by signRequest once a Part 11 signer re-authenticated: what the signature manifests */
  manifest?: Part11Manifest | undefined;
}

/** Signs on this thread when no signing threads are configured (tests with their own clock). */
function localEngine(
  deps: Pick<RequestsDeps, 'blobs' | 'db' | 'localSigning' | 'trust'>,
): LocalSigningEngine {
  return deps.localSigning ?? { run: async (job) => signAndStore(signingEnv(deps, await deps.trust()), job) };
}

const signingEnv = (
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  trust: CountersignTrustServices,
): SignAndStoreEnv => ({
  trust,
  blobs: deps.blobs,
  removeIfUnused: (sha) => deleteNewRevisionIfUnused(deps, sha),
});

/** A qualified signature: every document's signed attributes are authorised with one TAN. */
async function signRemotely(
  deps: Pick<RequestsDeps, 'blobs' | 'db' | 'trust'>,
  identity: Extract<SigningIdentity, { kind: 'remote' }>,
  documents: DocumentToSign[],
  isLast: boolean,
): Promise<StoredRevision[]> {
  const trust = await deps.trust();
  const froms = await Promise.all(documents.map((d) => deps.blobs.get(d.fromSha256)));
  const started = froms.map((from, i) =>
    startSignature(from, { ...documents[i]!.options, signer: identity.credential }),
  );
  const values = await identity.sign(started.map((s) => s.dataToBeSigned));
  async function* signed() {
    for (const [i, doc] of documents.entries()) {
      const bytes = await finishSignature(started[i]!.pending, values[i]!, { services: trust });
      yield { doc, bytes, from: froms[i]! };
    }
  }
  return completeAndStore(signingEnv(deps, trust), signed(), isLast);
}

/** Signs every document of the request for the signer and stores the new revisions. */
async function signDocuments(
  deps: Pick<
    RequestsDeps,
    | 'blobs'
    | 'clock'
    | 'db'
    | 'localSigning'
    | 'publicUrl'
    | 'remoteSigning'
    | 'seals'
    | 'signingIdentity'
    | 'trust'
  >,
  request: RequestRecord,
  signer: SignerRecord,
  person: SigningPerson,
  options: SignOptions,
  sealing: SealToApply | undefined,
): Promise<SignedDocuments> {
  // a redirect signature is prepared twice, before and after the signer's visit to the provider:
  // with the same signing time both give the same revisions, so the same hashes (ADR 076)
  const now = options.redirect?.signingTime ?? deps.clock.now();
  const reason = await signatureReason(deps, request, signer, person, options);
  if (sealing) return sealDocuments(deps, request, signer, options, sealing, { now, reason });
  const givenName = await signerName(deps, signer, person, options);
  const date = now.toISOString().slice(0, 10);
  // refused before anything else (a qualified signature's TAN is sent by the identity step)
  fieldValuesFor(request, signer.id, options.fieldValues ?? [], { name: givenName, date });
  const identity = await resolveSigningIdentity(
    deps.signingIdentity,
    request,
    signer,
    person,
    givenName,
    options.redirect ??
      (options.mobileId
        ? { kind: 'mobile_id', holder: options.mobileId.holder }
        : { kind: 'tan', tan: options.tan, password: options.providerPassword }),
  );
  const { name } = identity;
  const values = fieldValuesFor(request, signer.id, options.fieldValues ?? [], { name, date });
  const isLast = isLastPendingSigner(
    request.signers.map((s) => s.status),
    request.signers.findIndex((s) => s.id === signer.id),
  );
  const { manifest } = options;
  const appearance = signer.fields.some((f) => f.placement)
    ? await appearanceFor(deps, request, signer, person, options, now)
    : undefined;
  const shown =
    appearance && manifest ? part11Appearance(appearance, manifest, now, options.language) : appearance;
  const documents = documentsToSign(request, signer, options, {
    now,
    name,
    reason,
    appearance: shown,
    values,
  });
  const stored =
    identity.kind === 'local'
      ? await localEngine(deps).run({ subject: identity.subject, documents, completeToLta: isLast })
      : await signRemotely(deps, identity, documents, isLast);
  const part11 = manifest && part11EventData(manifest, now.toISOString());
  const mobileId = options.mobileId && { transactionId: options.mobileId.transactionId };
  return {
    stored,
    isLast,
    name,
    filled: values.filled,
    ...(part11 && { part11 }),
    ...(mobileId && { mobileId }),
  };
}

interface SignedDocuments {
  stored: StoredRevision[];
  isLast: boolean;
  name: string;
  filled: ReturnType<typeof fieldValuesFor>['filled'];
  /** set when a business seal was applied instead of a personal signature */
  seal?: { name: string; label: string; quality: 'aes' | 'qes' };
  /** a Part 11 signature's manifestation, for the audit log */
  part11?: ReturnType<typeof part11EventData>;
  /** the phone confirmation an advanced signature was made on, for the audit log (ADR 094) */
  mobileId?: { transactionId: string };
}

/** What the engine signs in each document: the signer's field, its appearance and field values. */
function documentsToSign(
  request: RequestRecord,
  signer: SignerRecord,
  options: SignOptions,
  made: {
    now: Date;
    name: string;
    reason: string | undefined;
    appearance: VisualAppearance | undefined;
    values: ReturnType<typeof fieldValuesFor>;
  },
): DocumentToSign[] {
  const { now, name, reason, appearance, values } = made;
  return request.documents.map((doc) => {
    const field = signer.fields.find((f) => f.documentId === doc.id);
    if (!field) throw new AppError('signature_request.conflict', 'The request changed; reload it');
    return {
      id: doc.id,
      fromSha256: doc.currentSha256,
      options: {
        fieldName: field.fieldName,
        level: 'B-T' as const,
        signingTime: now,
        name,
        ...(reason && { reason }),
        ...(options.signingLocation && { location: options.signingLocation }),
        ...(appearance && field.placement && { appearance }),
        ...(values.byDocument.has(doc.id) && { formValues: values.byDocument.get(doc.id)! }),
      },
    };
  });
}

/** A business seal applied in the signer's place: its key (or its credential at the provider), its label as the name, its visual. */
async function sealDocuments(
  deps: Pick<
    RequestsDeps,
    'blobs' | 'db' | 'localSigning' | 'publicUrl' | 'remoteSigning' | 'seals' | 'trust'
  >,
  request: RequestRecord,
  signer: SignerRecord,
  options: SignOptions,
  sealing: SealToApply,
  { now, reason }: { now: Date; reason: string | undefined },
): Promise<SignedDocuments> {
  const { seal } = sealing;
  const name = seal.label;
  const values = fieldValuesFor(request, signer.id, options.fieldValues ?? [], {
    name,
    date: now.toISOString().slice(0, 10),
  });
  const isLast = isLastPendingSigner(
    request.signers.map((s) => s.status),
    request.signers.findIndex((s) => s.id === signer.id),
  );
  const appearance = signer.fields.some((f) => f.placement)
    ? await sealAppearance(deps, sealing, request, { date: now, language: options.language })
    : undefined;
  const documents = documentsToSign(request, signer, options, { now, name, reason, appearance, values });
  const stored = sealing.key
    ? await localEngine(deps).run({ seal: sealing.key, documents, completeToLta: isLast })
    : await signRemotely(deps, await remoteSealSigner(deps, sealing), documents, isLast);
  return {
    stored,
    isLast,
    name,
    filled: values.filled,
    seal: { name: seal.name, label: seal.label, quality: seal.quality },
  };
}

/**
 * Commits the signature, its revisions already stored, in one transaction: the request must still
 * be open (compare-and-set, so a withdraw or decline that landed meanwhile wins and this gets
 * 409), each document still at the revision it was signed from, the signature still pending.
 * When the commit is refused, the revisions written for it are removed again.
 */
async function commitSignature(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'failpoint'>,
  caller: Caller,
  request: RequestRecord,
  signer: SignerRecord,
  signed: SignedDocuments,
  consent: RecordedConsent,
  locks: HeldLocks,
): Promise<void> {
  const { isLast, name, stored, filled } = signed;
  // a member of a signer group takes the group's place as they sign (ADR 056)
  const member =
    signer.group && caller.kind === 'person'
      ? { email: caller.email, name, accountUserId: caller.userId }
      : undefined;
  const signerEmail = member?.email ?? signer.email;
  try {
    await deps.failpoint('sign.before_commit');
    const now = deps.clock.now().toISOString();
    // the completion mail is owed from the moment the request completes, even if this process dies now
    const moved = isLast
      ? { status: 'completed' as const, completedAt: now, endedAt: now, completionMailDue: true as const }
      : {};
    await writeRequest(
      deps,
      request,
      moved,
      now,
      async (trx) => {
        await advanceDocuments(trx, stored, 'signed');
        await setFieldValues(trx, request.id, filled);
        const signedBy = { status: 'signed' as const, signedAt: now, ...(member && { person: member }) };
        if (!(await repo.updateSigner(trx, signer.id, signedBy))) {
          throw new AppError('signature_request.invalid_transition', 'This signature is no longer pending');
        }
        // the activity report of the sender's business and of the signer's (ADR 035)
        await recordSignature(trx, {
          at: now,
          requestId: request.id,
          ownerId: request.ownerId,
          senderEmail: request.ownerEmail,
          signerUserId: caller.kind === 'person' ? caller.userId : signer.accountUserId,
          signerEmail,
          signerName: name,
          // a seal signs at its own level, whatever level the request asks of people
          quality: signed.seal?.quality ?? request.quality,
          legislation: request.legislation,
          groupName: signer.group?.name ?? null,
        });
        const events: NewEvent[] = [
          {
            type: 'signed',
            at: now,
            actor: actorOf(caller, request),
            ip: caller.ip,
            data: {
              signer: signerEmail,
              name,
              ...(signer.group && { group: { id: signer.group.id, name: signer.group.name } }),
              documents: stored.map((r) => ({ id: r.id, sha256: r.to })),
              consent,
              ...(signed.seal && { seal: signed.seal }),
              ...(signed.part11 && { part11: signed.part11 }),
              ...(signed.mobileId && { mobileId: signed.mobileId }),
              ...(filled.length > 0 && {
                fields: filled.map(({ id, kind, label, value }) => ({ id, kind, label, value })),
              }),
            },
          },
        ];
        if (isLast) {
          // Links stop working once the request has ended.
          await repo.endSignerLinks(trx, request.id, linkGrantTimes(now));
          events.push({
            type: 'completed',
            at: now,
            actor: { kind: 'system', id: null, email: null },
            ip: null,
            data: { level: 'B-LTA' },
          });
        }
        await appendEvents(trx, request.id, events);
        // the next signer may start from the committed revision as soon as this commits
        await locks.releaseWithin(trx);
      },
      'status',
    );
    locks.released();
  } catch (err) {
    for (const r of stored) await deleteNewRevisionIfUnused(deps, r.to);
    throw err;
  }
}

/** The other members of a signer group hear that one of them signed for it (ADR 056). */
async function tellTheGroup(
  deps: Pick<RequestsDeps, 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Caller,
  signed: { request: RequestRecord; signer: SignerRecord; name: string },
): Promise<void> {
  const { request, signer, name } = signed;
  if (!signer.group || caller.kind !== 'person') return;
  for (const to of signer.group.members.filter((m) => m !== caller.email)) {
    await notify(deps, request, 'group_signed', to, {
      actor: name,
      group: signer.group.name,
      link: requestViewLink(deps, request.id),
    });
  }
}

export async function signRequest(
  deps: CompletionMailDeps &
    PrerenderDeps &
    Pick<
      RequestsDeps,
      | 'localSigning'
      | 'mailDelivery'
      | 'onSigned'
      | 'plans'
      | 'remoteSigning'
      | 'seals'
      | 'signingIdentity'
      | 'signingLockTtlMs'
      | 'signingLockWaitMs'
    >,
  caller: Caller,
  id: string,
  options: SignOptions,
): Promise<RequestRecord['status']> {
  // An API user acts for its business, never as a person: it applies seals only (ADR 052).
  if (caller.kind === 'api_user' && options.seal === undefined) {
    throw new AppError('api_user.forbidden', 'An API user signs with a seal of its business only');
  }
  const first = await requireRequest(deps, id);
  authorize(first, caller, 'sign');
  // a link signer of a request demanding TANs has confirmed with one lately (ADR 078, 086)
  await requireTanIfDemanded(deps, caller, first);
  // refused before any lock is taken; read again below, as the request is
  if (options.seal !== undefined) await requireUsableSeal(deps, caller, options.seal, first);
  // a Part 11 signer re-authenticates and states the meaning before any lock is taken (ADR 077)
  const statement = await part11StatementFor(deps, caller, first, options);
  // its code is spent only by a call that signs, not by one that stops for the provider's code
  if (statement && !options.redirect && !options.mobileId)
    await requireProviderCodeFirst(deps.signingIdentity, first, caller, options);
  const manifest = await statement?.verify();
  const signing = manifest
    ? { ...options, signingName: manifest.printedName, signingReason: manifest.meaning, manifest }
    : options;
  const outcome = await withDocumentLocks(
    deps.db,
    deps.liveness,
    first.documents.map((d) => d.id),
    { ttlMs: deps.signingLockTtlMs, waitMs: deps.signingLockWaitMs },
    async (locks) => {
      // Read again under the locks: another signer may have finished meanwhile.
      const request = await requireRequest(deps, id);
      const signer = authorize(request, caller, 'sign').signer;
      if (!signer) throw new AppError('signature_request.forbidden', 'Only a signer may sign');
      // Past its deadline a request is expired even before the expiry job has run (ADR 023).
      if (isPastExpiry(request.expiresAt, deps.clock.now()))
        throw new AppError('signature_request.invalid_transition', 'This request has expired');
      const sealing =
        options.seal === undefined ? undefined : await requireUsableSeal(deps, caller, options.seal, request);
      const person = signingPersonOf(caller, signer);
      // the signature counts against the allowance of the owner's plan, given back if it fails
      const release = await deps.plans?.reserveSignature(request.ownerId, request.quality);
      try {
        const signed = await signDocuments(deps, request, signer, person, signing, sealing);
        await commitSignature(deps, caller, request, signer, signed, options.consent, locks);
        deps.onSigned?.(signed.seal?.quality ?? request.quality);
        return { isLast: signed.isLast, request, signer, name: signed.name };
      } catch (err) {
        await release?.();
        throw err;
      }
    },
  );
  // the printed name and meaning stay the signer's defaults for their next Part 11 signature
  if (manifest && caller.kind === 'person')
    await keepPart11Defaults(deps.db, caller.userId, manifest, deps.clock.now().toISOString());
  await tellTheGroup(deps, caller, outcome);
  if (outcome.isLast) await afterCompletion(deps, id);
  // the next signer sees the new revision: the pages this signature drew on are drawn for them
  // now; the others keep their images (ADR 082) and cost a look-up each
  else void prerenderPages(deps, outcome.request.documents);
  return outcome.isLast ? 'completed' : 'open';
}
