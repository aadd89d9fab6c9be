// buildProtocol: the signature protocol of one request, for someone the policy lets download it
// (owner, signers, delegates, observers, link holders; strangers get 404). Everything in it is
// read again rather than trusted: the stored bytes are hashed, every signature is validated by
// our own validator against our root, and every audit event's link in the chain is checked.
import type { SignatureReport } from '@countersign/pades';
import type {
  ProtocolDocument,
  ProtocolSignature,
  ProtocolSigner,
  SignatureProtocol,
} from '@countersign/contract';
import { authorize, type Caller } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { checkEventChain, isChainAtHead, type RequestEvent } from '../events.js';
import { readChainHead, readEvents } from '../events-repo.js';
import type { Language } from '@countersign/domain';
import { fieldNameFor, type DocumentRecord, type RequestRecord, type SignerRecord } from '../model.js';
import { recipientOf } from '../notify.js';
import { requireRequest } from '../service.js';
import { consentOfEvent } from '../signing-consent.js';
import { part11OfEvent } from '../part11/manifestation.js';
import { fieldsOfSigner } from '@countersign/domain';
import { sha256WithPrefix } from '../../../storage/blob-store.js';

/**
 * Whether the current revision's bytes hash to its name, and start with bytes that hash to the
 * original's. Each revision appends to the one before (and is stored that way, ADR 032), so the
 * original is the current revision's first `originalSize` bytes: one pass over the file checks
 * both, where reading and hashing the original as well took as long again.
 */
function isStoredIntact(current: Uint8Array, doc: DocumentRecord): boolean {
  if (current.length < doc.originalSize) return false;
  const names = sha256WithPrefix(current, doc.originalSize);
  return names.prefix === doc.originalSha256 && names.whole === doc.currentSha256;
}

function presentSignature(report: SignatureReport, request: RequestRecord): ProtocolSignature {
  const signer =
    report.kind === 'signature'
      ? request.signers.find((s) => fieldNameFor(s.id) === report.fieldName)
      : undefined;
  return {
    fieldName: report.fieldName,
    kind: report.kind,
    signerId: signer?.id ?? null,
    signerName: report.signer?.commonName ?? null,
    signerEmail: report.signer?.email ?? null,
    signingTime: report.signingTime ?? null,
    timestampTime: report.timestampTime ?? null,
    level: report.level ?? null,
    coversWholeDocument: report.coverage === 'whole-file',
    changesAfter: report.changesAfter,
    isDigestValid: report.isDigestValid,
    isSignatureValid: report.isSignatureValid,
    chainsToTrustAnchor: report.chainsToTrustAnchor,
    indication: report.indication,
    subIndication: report.subIndication ?? null,
    problems: report.problems,
  };
}

async function presentDocument(
  deps: Pick<RequestsDeps, 'blobs' | 'pdf'>,
  request: RequestRecord,
  doc: DocumentRecord,
  trustAnchors: Uint8Array[],
  at: Date,
): Promise<ProtocolDocument> {
  const isSigned = request.signers.some((s) => s.status === 'signed');
  const current = await deps.blobs.get(doc.currentSha256);
  // a stranger's document, however large, is validated by the PDF engine (a PDF thread when served)
  const report = doc.revision > 0 ? await deps.pdf.validate(current, { trustAnchors, at }) : undefined;
  return {
    id: doc.id,
    title: doc.title,
    fileName: doc.fileName,
    pageCount: doc.pageCount,
    originalSha256: doc.originalSha256,
    originalSize: doc.originalSize,
    // the revision that only added empty fields is not "signed"; the final one is
    signedSha256: isSigned ? doc.currentSha256 : null,
    signedSize: isSigned ? doc.currentSize : null,
    revision: doc.revision,
    isStorageIntact: isStoredIntact(current, doc),
    signatures: (report?.signatures ?? []).map((s) => presentSignature(s, request)),
  };
}

/**
 * The name a signer signed under (the `signed` event keeps it), else the one the sender or the
 * link holder gave.
 */
function signedEventOf(signer: SignerRecord, events: readonly RequestEvent[]): RequestEvent | undefined {
  return events.find((e) => e.type === 'signed' && e.data['signer'] === signer.email);
}

function nameOf(signer: SignerRecord, events: readonly RequestEvent[]): string | null {
  const signed = signedEventOf(signer, events);
  const signedName = signed?.data['name'];
  if (typeof signedName === 'string' && signedName) return signedName;
  return signer.name ?? ([signer.firstName, signer.lastName].filter(Boolean).join(' ') || null);
}

function presentSigners(request: RequestRecord, events: readonly RequestEvent[]): ProtocolSigner[] {
  const byId = new Map(request.signers.map((s) => [s.id, s]));
  return request.signers.map((s) => {
    const from = s.delegatedFrom ? byId.get(s.delegatedFrom) : undefined;
    const to = request.signers.find((d) => d.delegatedFrom === s.id);
    const signed = signedEventOf(s, events);
    const consent = signed ? consentOfEvent(signed.data) : null;
    return {
      id: s.id,
      email: s.email,
      name: nameOf(s, events),
      status: s.status,
      quality: request.quality,
      legislation: request.legislation,
      signedAt: s.signedAt,
      declinedAt: s.declinedAt,
      declineMessage: s.declineMessage,
      delegatedFrom: from ? { id: from.id, email: from.email } : null,
      delegatedTo: to ? { id: to.id, email: to.email } : null,
      group: s.group,
      consent: consent && signed ? { ...consent, at: signed.at } : null,
      part11: signed ? part11OfEvent(signed.data) : null,
      filledFields: fieldsOfSigner(
        request.fields,
        s.id,
        request.documents.map((d) => d.id),
      ).flatMap((f) =>
        f.value === null ? [] : [{ fieldId: f.id, kind: f.kind, label: f.label, value: f.value }],
      ),
    };
  });
}

/** The protocol's content, without asking who wants it (the completion mail uses this). */
export async function collectProtocol(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'pdf' | 'trust'>,
  request: RequestRecord,
  language: Language,
): Promise<SignatureProtocol> {
  const now = deps.clock.now();
  const trust = await deps.trust();
  const anchors = [trust.rootCertificate()];
  const documents = [];
  for (const doc of request.documents)
    documents.push(await presentDocument(deps, request, doc, anchors, now));
  const events = await readEvents(deps.db, request.id);
  const intact = checkEventChain(request.id, events);
  const head = (await readChainHead(deps.db, request.id)) ?? { seq: 0, hash: null };
  return {
    generatedAt: now.toISOString(),
    language,
    request: {
      id: request.id,
      title: request.title,
      message: request.message,
      status: request.status,
      quality: request.quality,
      legislation: request.legislation,
      owner: {
        email: request.ownerEmail,
        name: `${request.ownerFirstName} ${request.ownerLastName}`.trim(),
      },
      createdAt: request.createdAt,
      initiatedAt: request.initiatedAt,
      completedAt: request.completedAt,
      endedAt: request.endedAt,
      endMessage: request.endMessage,
    },
    documents,
    signers: presentSigners(request, events),
    observers: request.observers.map((o) => ({ email: o.email })),
    events: events.map((e, i) => ({ ...e, isChainIntact: intact[i] ?? false })),
    chainValid: intact.every(Boolean) && isChainAtHead(events, head),
    chainHead: { seq: head.seq, sha256: head.hash },
  };
}

/** The use case behind GET .../report: checks the policy, then collects in the caller's language. */
export async function buildProtocol(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'pdf' | 'trust'>,
  options: { caller: Caller; requestId: string },
): Promise<{ request: RequestRecord; protocol: SignatureProtocol }> {
  const request = await requireRequest(deps, options.requestId);
  const relation = authorize(request, options.caller, 'download_report');
  const email = options.caller.kind !== 'link_holder' ? options.caller.email : relation.signer?.email;
  const language = email ? (await recipientOf(deps, email, request)).language : 'en';
  return { request, protocol: await collectProtocol(deps, request, language) };
}
