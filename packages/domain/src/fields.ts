// The fields a sender places on a document for one signer: what each kind is, the boxes they
// take, what the sender may save on a draft, what a signer has to complete, and which signers
// would sign a document without a visible signature. Boxes are in PDF points from the page's
// bottom-left corner (`Placement`, signature-placement.ts).
import type { PageBox, Placement } from './signature-placement.js';

export const FIELD_KINDS = ['signature', 'initials', 'date_signed', 'name', 'text', 'checkbox'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** A field as the draft holds it. `value` is what the signer's revision wrote into it, once signed. */
export interface Field extends Placement {
  id: string;
  documentId: string;
  signerId: string;
  kind: FieldKind;
  required: boolean;
  /** What the sender asks for (a text field's label); empty when the kind says it all. */
  label: string;
}

/** Upper bounds that keep a draft's field list and its PDF revision small. */
export const MAX_FIELDS_PER_REQUEST = 500;
export const MAX_FIELD_LABEL_LENGTH = 100;
/** The smallest box a field may take: a checkbox at 10 pt is still hit by a finger at 2x zoom. */
export const MIN_FIELD_SIZE: PageBox = { width: 10, height: 10 };

/** The box a field takes when dropped from the palette. */
export const FIELD_DEFAULT_SIZE: Readonly<Record<FieldKind, PageBox>> = {
  signature: { width: 150, height: 70 },
  initials: { width: 60, height: 40 },
  date_signed: { width: 100, height: 20 },
  name: { width: 150, height: 20 },
  text: { width: 150, height: 20 },
  checkbox: { width: 16, height: 16 },
};

/**
 * How a kind gets its value. `signing` is the signature itself; `adopted` the signer confirms
 * (initials, drawn from their name); `automatic` is written at signing without asking (the
 * date, the name); `entered` the signer types or ticks.
 */
export type FieldSource = 'signing' | 'adopted' | 'automatic' | 'entered';
export const FIELD_SOURCE: Readonly<Record<FieldKind, FieldSource>> = {
  signature: 'signing',
  initials: 'adopted',
  date_signed: 'automatic',
  name: 'automatic',
  text: 'entered',
  checkbox: 'entered',
};

/** How the kind appears in the PDF: the signature field itself, a text field or a check box. */
export type PdfFieldType = 'signature' | 'text' | 'checkbox';
export const PDF_FIELD_TYPE: Readonly<Record<FieldKind, PdfFieldType>> = {
  signature: 'signature',
  initials: 'text',
  date_signed: 'text',
  name: 'text',
  text: 'text',
  checkbox: 'checkbox',
};

export const isFieldKind = (value: string): value is FieldKind =>
  (FIELD_KINDS as readonly string[]).includes(value);

/** A signer's fields in document order, then page, then top to bottom, left to right. */
export function fieldsOfSigner<T extends Field>(
  fields: readonly T[],
  signerId: string,
  documentIds: readonly string[],
): T[] {
  const docOrder = new Map(documentIds.map((id, index) => [id, index]));
  return fields
    .filter((f) => f.signerId === signerId)
    .sort(
      (a, b) =>
        (docOrder.get(a.documentId) ?? 0) - (docOrder.get(b.documentId) ?? 0) ||
        a.page - b.page ||
        b.y + b.height - (a.y + a.height) ||
        a.x - b.x,
    );
}

/**
 * What the signer must do before signing: their required fields whose value comes from them
 * (initials to adopt, text to type, boxes to tick). Signature, date and name need nothing.
 */
export function fieldsToComplete<T extends Field>(
  fields: readonly T[],
  signerId: string,
  documentIds: readonly string[],
): T[] {
  return fieldsOfSigner(fields, signerId, documentIds).filter(
    (f) => f.required && (FIELD_SOURCE[f.kind] === 'adopted' || FIELD_SOURCE[f.kind] === 'entered'),
  );
}

/**
 * Whether the values a signer submits complete their required fields: text and initials not
 * blank, required check boxes ticked. Returns the ids still missing.
 */
export function missingRequiredFields(
  fields: readonly Field[],
  signerId: string,
  values: Readonly<Record<string, string | boolean | undefined>>,
): string[] {
  return fieldsToComplete(fields, signerId, [])
    .filter((f) => {
      const value = values[f.id];
      return f.kind === 'checkbox' ? value !== true : typeof value !== 'string' || value.trim() === '';
    })
    .map((f) => f.id);
}

/** For each signer, the documents on which no signature field of theirs is placed (they sign invisibly). */
export function signersWithoutSignatureField(
  signerIds: readonly string[],
  documentIds: readonly string[],
  fields: readonly Field[],
): { signerId: string; documentIds: string[] }[] {
  return signerIds
    .map((signerId) => ({
      signerId,
      documentIds: documentIds.filter(
        (documentId) =>
          !fields.some(
            (f) => f.signerId === signerId && f.documentId === documentId && f.kind === 'signature',
          ),
      ),
    }))
    .filter((entry) => entry.documentIds.length > 0);
}

export type FieldProblem =
  | 'unknown_document'
  | 'unknown_signer'
  | 'page_out_of_range'
  | 'outside_page'
  | 'too_small'
  | 'duplicate_id'
  | 'second_signature'
  | 'too_many';

/**
 * What is wrong with a draft's field list, or null: each field on a page of its document, inside
 * the page, not smaller than MIN_FIELD_SIZE, ids unique, and at most one signature field per
 * signer and document (the signature is one PDF signature field per document; its box is where
 * it shows).
 */
export function checkFields(
  fields: readonly Field[],
  documents: readonly { id: string; pages: readonly PageBox[] }[],
  signerIds: readonly string[],
): { problem: FieldProblem; fieldId: string | null } | null {
  if (fields.length > MAX_FIELDS_PER_REQUEST) return { problem: 'too_many', fieldId: null };
  const ids = new Set<string>();
  const signatures = new Set<string>();
  for (const f of fields) {
    if (ids.has(f.id)) return { problem: 'duplicate_id', fieldId: f.id };
    ids.add(f.id);
    const doc = documents.find((d) => d.id === f.documentId);
    if (!doc) return { problem: 'unknown_document', fieldId: f.id };
    if (!signerIds.includes(f.signerId)) return { problem: 'unknown_signer', fieldId: f.id };
    const page = doc.pages[f.page - 1];
    if (!page) return { problem: 'page_out_of_range', fieldId: f.id };
    if (f.width < MIN_FIELD_SIZE.width || f.height < MIN_FIELD_SIZE.height)
      return { problem: 'too_small', fieldId: f.id };
    // half a point of slack: the editor rounds to hundredths
    if (f.x < 0 || f.y < 0 || f.x + f.width > page.width + 0.5 || f.y + f.height > page.height + 0.5)
      return { problem: 'outside_page', fieldId: f.id };
    if (f.kind === 'signature') {
      const key = `${f.signerId}\u0000${f.documentId}`;
      if (signatures.has(key)) return { problem: 'second_signature', fieldId: f.id };
      signatures.add(key);
    }
  }
  return null;
}
