// A signature request as the server works with it: the request with its documents, signers
// (each with its signature field per document) and observers.
import type { Field, FieldKind, Placement, SignatureRequestState, SignerState } from '@countersign/domain';
import type { ZFieldKind } from '@countersign/contract';
import type { z } from 'zod';

export type { Placement };

/** A placed field (packages/domain `Field`) with its PDF field name and, once signed, its value. */
export interface FieldRecord extends Field {
  position: number;
  fieldName: string;
  value: string | null;
}

// The contract spells the kinds out again (it depends on nothing of ours): both lists must agree.
type SameKinds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const FIELD_KINDS_AGREE: SameKinds<FieldKind, z.infer<typeof ZFieldKind>> = true;

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

/** A signer's signature field in one document; `placement` is its box, null when invisible. */
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
  /** An account holder's name as their account gives it (null for link holders). */
  accountName: string | null;
  /**
   * A signer group in this signer's place (ADR 056): any one of its members signs, and then
   * becomes this signer (address, name, account). The members are the group's when it was added.
   */
  group: SignerGroupSlot | null;
  fields: SignerField[];
}

export interface SignerGroupSlot {
  id: string;
  name: string;
  members: string[];
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
  /** link signers confirm with a TAN before they sign (ADR 078, 086) */
  tanRequired: boolean;
  documents: DocumentRecord[];
  signers: SignerRecord[];
  observers: { id: string; email: string }[];
  attachments: AttachmentRecord[];
  /** every placed field, in the order the sender placed them */
  fields: FieldRecord[];
}

/** The field name of a signer in a document: stable, unique, and meaningless to outsiders. */
export function fieldNameFor(signerId: string): string {
  return `Signature-${signerId.slice(0, 8)}`;
}

const FORM_FIELD_PREFIX: Readonly<Record<Exclude<FieldKind, 'signature'>, string>> = {
  initials: 'Initials',
  date_signed: 'DateSigned',
  name: 'Name',
  text: 'Text',
  checkbox: 'Checkbox',
};

/**
 * The PDF name of a field that is not a signature: the kind and a random part, so that it
 * neither says who fills it nor collides with another field of the document.
 */
export function formFieldNameFor(kind: Exclude<FieldKind, 'signature'>, random: string): string {
  return `${FORM_FIELD_PREFIX[kind]}-${random.replace(/-/g, '').slice(0, 12)}`;
}

/**
 * The name to show for a signer where one is known: the one the sender gave, else what a link
 * holder said of themselves, else their account's. Null only when nobody named them.
 */
export function knownNameOf(
  s: Pick<SignerRecord, 'name' | 'firstName' | 'lastName' | 'accountName'>,
): string | null {
  const stated = [s.firstName, s.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return s.name?.trim() || stated || s.accountName;
}
