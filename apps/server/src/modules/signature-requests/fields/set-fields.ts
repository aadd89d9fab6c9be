// The sender places fields on a draft: the editor saves the whole list as it changes (PUT
// .../fields), and the API's older per-signer placement (`document_signatures[].placement`)
// becomes that signer's signature field.
import { randomUUID } from 'node:crypto';
import { checkFields, type Field, type FieldProblem, type Placement } from '@countersign/domain';
import { AppError } from '../../../lib/app-error.js';
import { authorize, type Caller } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import { fieldNameFor, formFieldNameFor, type FieldRecord, type RequestRecord } from '../model.js';
import { requireRequest, writeRequest } from '../service.js';
import { replaceFields } from './repo.js';

const PROBLEM_TEXT: Readonly<Record<FieldProblem, string>> = {
  unknown_document: 'names a document that is not in this request',
  unknown_signer: 'names a signer who is not in this request',
  page_out_of_range: 'lies on a page the document does not have',
  outside_page: 'must lie inside its page',
  too_small: 'is smaller than 10 by 10 points',
  duplicate_id: 'uses an id twice',
  second_signature: 'is a second signature field for the same signer in one document',
  too_many: 'is one field too many',
};

/** 422 `signature_request.invalid_placement` naming the field and what is wrong with it. */
export function requireValidFields(fields: readonly Field[], request: RequestRecord): void {
  const found = checkFields(
    fields,
    request.documents,
    request.signers.map((s) => s.id),
  );
  if (found)
    throw new AppError(
      'signature_request.invalid_placement',
      `Field ${found.fieldId ?? ''} ${PROBLEM_TEXT[found.problem]}`.replace('  ', ' '),
    );
}

/**
 * The records for a new list: a field that keeps its id keeps its PDF name; a new one gets the
 * signer's signature field name (signatures) or a fresh random name (the other kinds).
 */
export function toFieldRecords(fields: readonly Field[], existing: readonly FieldRecord[]): FieldRecord[] {
  return fields.map((f, position) => {
    const before = existing.find((e) => e.id === f.id && e.kind === f.kind && e.signerId === f.signerId);
    const fieldName =
      f.kind === 'signature'
        ? fieldNameFor(f.signerId)
        : (before?.fieldName ?? formFieldNameFor(f.kind, randomUUID()));
    return { ...f, position, fieldName, value: null };
  });
}

const isSameList = (a: readonly Field[], b: readonly Field[]) =>
  a.length === b.length &&
  a.every((f, i) => {
    const o = b[i];
    return (
      o !== undefined &&
      (
        [
          'id',
          'documentId',
          'signerId',
          'kind',
          'required',
          'label',
          'page',
          'x',
          'y',
          'width',
          'height',
        ] as const
      ).every((key) => f[key] === o[key])
    );
  });

/** PUT .../fields: replaces the draft's fields; the same list again writes nothing. */
export async function setFields(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
  fields: readonly Field[],
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  requireValidFields(fields, request);
  if (isSameList(fields, request.fields)) return;
  const records = toFieldRecords(fields, request.fields);
  const now = deps.clock.now().toISOString();
  // A draft's fields are the owner's work in progress: the audit log records what was sent
  // (the prepared revision's hash in 'initiated'), not every move of a box.
  await writeRequest(deps, request, {}, now, (trx) => replaceFields(trx, id, records));
}

/** A signature field from the older per-signer placement of the API. */
export function signatureFieldFrom(signerId: string, documentId: string, placement: Placement): Field {
  return {
    id: randomUUID(),
    documentId,
    signerId,
    kind: 'signature',
    required: true,
    label: '',
    ...placement,
  };
}
