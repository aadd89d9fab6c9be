// The engine's part of a signature made with a key of our own (simple and advanced signatures,
// ADR 021): issue the certificate for this one signature, sign every document at B-T (and complete
// it to B-LTA when the signer is the last), and store each new revision as a blob. It needs only
// the trust services and the blob store, and takes and returns plain data, so the same function
// runs on the serving thread or on a signing thread (ADR 029). Each new revision is stored as a
// tail of the revision it was signed from (ADR 032). What it stored it removes again when it fails
// part-way.
import { countAppendedRevisions } from '@countersign/pdf';
import { completeToLta, signPdf, type SignPdfOptions } from '@countersign/pades';
import type { CountersignTrustServices, Signer, SignerSubject, StoredSealKey } from '@countersign/trust';
import type { BlobStore } from '../../storage/blob-store.js';

export interface DocumentToSign {
  id: string;
  /** the revision the signature is made on */
  fromSha256: string;
  options: Omit<SignPdfOptions, 'signer' | 'services'>;
}

export interface LocalSigningJob {
  /** a personal signature: a key and certificate are made for this one signature (ADR 006) */
  subject?: SignerSubject;
  /** a business seal: its lasting key, opened on the thread that signs (ADR 053) */
  seal?: StoredSealKey;
  documents: DocumentToSign[];
  /** the last signature: complete every document to B-LTA */
  completeToLta: boolean;
}

/** A document's new revision, durably stored, not yet pointed at by any row. */
export interface StoredRevision {
  id: string;
  from: string;
  to: string;
  size: number;
  revisionsAdded: number;
}

export interface SignAndStoreEnv {
  trust: CountersignTrustServices;
  blobs: BlobStore;
  /** removes a blob this job stored unless a row already points at it */
  removeIfUnused(sha256: string): Promise<void>;
}

/** Where local signing jobs run: this thread, or a pool of signing threads (ADR 029). */
export interface LocalSigningEngine {
  run(job: LocalSigningJob): Promise<StoredRevision[]>;
}

/** A document signed at B-T, with the bytes of the revision it was signed from. */
export interface SignedDocument {
  doc: DocumentToSign;
  bytes: Uint8Array;
  /** the revision `doc.fromSha256`, which `bytes` extend */
  from: Uint8Array;
}

/**
 * Stores documents signed at B-T, completed to B-LTA first when `completeToLta`, each as a tail of
 * the revision it was signed from; removes what it stored when one of them fails. Also used for
 * remote (qualified) signatures.
 */
export async function completeAndStore(
  env: SignAndStoreEnv,
  signed: AsyncIterable<SignedDocument>,
  completeToLtaToo: boolean,
): Promise<StoredRevision[]> {
  const stored: StoredRevision[] = [];
  try {
    for await (const { doc, bytes: signedBytes, from } of signed) {
      // validation data and the document time-stamp: two more revisions, or three when the
      // time-stamp's own validation data was not in the first
      const bytes = completeToLtaToo ? await completeToLta(signedBytes, env.trust) : signedBytes;
      stored.push({
        id: doc.id,
        from: doc.fromSha256,
        to: await env.blobs.put(bytes, { sha256: doc.fromSha256, bytes: from }),
        size: bytes.length,
        revisionsAdded: 1 + countAppendedRevisions(bytes, signedBytes.length),
      });
    }
  } catch (err) {
    for (const r of stored) await env.removeIfUnused(r.to);
    throw err;
  }
  return stored;
}

/** The seal's own key, or a key and certificate made for this one signature. */
async function signerOf(trust: CountersignTrustServices, job: LocalSigningJob): Promise<Signer> {
  if (job.seal) return trust.openSealKey(job.seal);
  if (job.subject) return trust.issueSignerCertificate(job.subject);
  throw new RangeError('a signing job names a subject or a seal');
}

export async function signAndStore(env: SignAndStoreEnv, job: LocalSigningJob): Promise<StoredRevision[]> {
  const { trust, blobs } = env;
  const signer = await signerOf(trust, job);
  async function* signed() {
    for (const doc of job.documents) {
      const from = await blobs.get(doc.fromSha256);
      yield { doc, from, bytes: await signPdf(from, { ...doc.options, signer, services: trust }) };
    }
  }
  return completeAndStore(env, signed(), job.completeToLta);
}
