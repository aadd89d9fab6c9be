// What the revision a request is sent with adds to one document (ADR 039): each signer's
// signature field (visible where a signature field is placed, else invisible: every signer signs
// every document) and a PDF text field or check box for every other field placed on it.
import { PDF_FIELD_TYPE } from '@countersign/domain';
import type { FormFieldSpec, SignatureFieldSpec } from '@countersign/pdf';
import { fieldNameFor, type RequestRecord } from '../model.js';

export function pdfFieldsOf(
  request: Pick<RequestRecord, 'signers' | 'fields'>,
  documentId: string,
): { signatureFields: SignatureFieldSpec[]; formFields: FormFieldSpec[] } {
  const signatureFields = request.signers.map((s): SignatureFieldSpec => {
    const placement = s.fields.find((f) => f.documentId === documentId)?.placement;
    return placement
      ? {
          name: fieldNameFor(s.id),
          placement: {
            page: placement.page - 1,
            rect: [placement.x, placement.y, placement.width, placement.height],
          },
        }
      : { name: fieldNameFor(s.id) };
  });
  const formFields = request.fields.flatMap((f): FormFieldSpec[] => {
    const type = PDF_FIELD_TYPE[f.kind];
    if (f.documentId !== documentId || type === 'signature') return [];
    return [
      {
        name: f.fieldName,
        type,
        placement: { page: f.page - 1, rect: [f.x, f.y, f.width, f.height] },
        required: f.required,
        ...(f.label && { label: f.label }),
      },
    ];
  });
  return { signatureFields, formFields };
}
