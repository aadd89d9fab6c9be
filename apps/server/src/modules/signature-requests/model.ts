// A signature request as the server works with it: the request with its documents, signers
// (each with its signature field per document) and observers.
import type { Placement, SignatureRequestState, SignerState } from '@countersign/domain';

export type { Placement };

export interface DocumentRecord {
  id: string;
  requestId: string;
  position: number;
  title: string;
  fileName: string;
  pageCount: number;
  pages: { width: number; height: number }[];
  originalSha256: string;
  originalSize: number;
  currentSha256: string;
  currentSize: number;
  revision: number;
  createdAt: string;
}

/** A file sent along for reading (terms, annexes); not signed. */
export interface AttachmentRecord {
  id: string;
  requestId: string;
  position: number;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export interface SignerField {
  documentId: string;
  fieldName: string;
  placement: Placement | null;
}

export interface SignerRecord {
  id: string;
  requestId: string;
  position: number;
  email: string;
  name: string | null;
  accountUserId: string | null;
  status: SignerState;
  signedAt: string | null;
  declinedAt: string | null;
  declineMessage: string | null;
  /** What a link holder said of themselves (GET/PUT /v1/direct/user). */
  firstName: string | null;
  lastName: string | null;
  language: 'en' | 'de' | 'fr' | 'it' | null;
  /** For a delegate: the signer who passed the signature on. */
  delegatedFrom: string | null;
  fields: SignerField[];
}

export interface RequestRecord {
  id: string;
  ownerId: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerLastName: string;
  title: string;
  message: string;
  status: SignatureRequestState;
  quality: 'ses' | 'aes' | 'qes';
  legislation: 'eidas' | 'zertes';
  createdAt: string;
  updatedAt: string;
  initiatedAt: string | null;
  completedAt: string | null;
  endedAt: string | null;
  endMessage: string | null;
  /** The deadline (ADR 023): chosen by the sender, or set when the request is sent. */
  expiresAt: string | null;
  documents: DocumentRecord[];
  signers: SignerRecord[];
  observers: { id: string; email: string }[];
  attachments: AttachmentRecord[];
}

/** The field name of a signer in a document: stable, unique, and meaningless to outsiders. */
export function fieldNameFor(signerId: string): string {
  return `Signature-${signerId.slice(0, 8)}`;
}
