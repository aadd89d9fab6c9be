// What a signer's signature writes into their own fields (ADR 039): the values they sent for
// their text fields, check boxes and initials, checked against their required fields; their name
// and the date of signing, filled without asking. The result is per document, as the PDF side
// fills it (fillFormFields, in the signature's revision), and as stored on the field rows.
import type { FormFieldValue } from '@countersign/pdf';
import { FIELD_SOURCE, fieldsOfSigner, missingRequiredFields } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import type { FieldRecord, RequestRecord } from '../model.js';

/** What the signer sent: one value per field id (a list, so ids pass the wire's key conversion untouched). */
export type GivenValues = readonly { fieldId: string; value: string | boolean }[];

export interface FilledField {
  id: string;
  documentId: string;
  kind: FieldRecord['kind'];
  label: string;
  /** as stored and shown in the protocol: the text, or "true"/"false" for a check box */
  value: string;
}

/** "Ada Lovelace" -> "AL": what initials are when the signer does not type their own. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export function fieldValuesFor(
  request: RequestRecord,
  signerId: string,
  given: GivenValues,
  auto: { name: string; date: string },
): { byDocument: Map<string, FormFieldValue[]>; filled: FilledField[] } {
  const mine = fieldsOfSigner(
    request.fields,
    signerId,
    request.documents.map((d) => d.id),
  ).filter((f) => f.kind !== 'signature');
  const ids = new Set(mine.map((f) => f.id));
  const byId = new Map(given.map((v) => [v.fieldId, v.value]));
  const strangers = given
    .map((v) => v.fieldId)
    .filter((id, index, all) => !ids.has(id) || all.indexOf(id) !== index);
  if (strangers.length > 0)
    throw new AppError(
      'signing.field_unknown',
      'Values were sent for fields that are not yours to fill, or twice',
      {
        fields: strangers,
      },
    );
  for (const f of mine) {
    const value = byId.get(f.id);
    if (value === undefined) continue;
    if ((f.kind === 'checkbox') !== (typeof value === 'boolean'))
      throw new AppError(
        'signing.field_unknown',
        `Field ${f.id} takes ${f.kind === 'checkbox' ? 'true or false' : 'text'}`,
        {
          fields: [f.id],
        },
      );
  }
  // initials are adopted: the ones from the name count as given unless the signer typed others
  const withInitials: Record<string, string | boolean> = Object.fromEntries(byId);
  // what the sender filled in beforehand (a template's values, ADR 080) stands unless the signer changed it
  for (const f of mine)
    if (withInitials[f.id] === undefined && f.value !== null)
      withInitials[f.id] = f.kind === 'checkbox' ? f.value === 'true' : f.value;
  for (const f of mine)
    if (f.kind === 'initials' && withInitials[f.id] === undefined) withInitials[f.id] = initialsOf(auto.name);
  const missing = missingRequiredFields(request.fields, signerId, withInitials);
  if (missing.length > 0)
    throw new AppError('signing.fields_incomplete', 'Fill in every required field before signing', {
      fields: missing,
    });

  const byDocument = new Map<string, FormFieldValue[]>();
  const filled: FilledField[] = [];
  for (const f of mine) {
    const source = FIELD_SOURCE[f.kind];
    const raw = source === 'automatic' ? (f.kind === 'name' ? auto.name : auto.date) : withInitials[f.id];
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) continue;
    const value: string | boolean = typeof raw === 'string' ? raw.trim() : raw;
    const list = byDocument.get(f.documentId) ?? [];
    list.push({ name: f.fieldName, value });
    byDocument.set(f.documentId, list);
    filled.push({ id: f.id, documentId: f.documentId, kind: f.kind, label: f.label, value: String(value) });
  }
  return { byDocument, filled };
}
