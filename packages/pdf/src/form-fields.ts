// Adds empty fillable fields (text fields and check boxes, ISO 32000-1 sections 12.7.4.3 and
// 12.7.4.2.3) beside the signature fields, in the same incremental revision. A signer later
// only sets each field's /V and appearance (/AP, /AS for a check box) in their own revision:
// form filling, which DocMDP levels 2 and 3 and approval signatures allow (12.8.2.2), so the
// signatures made before stay valid.

import { PdfError } from './errors.js';
import { listFields } from './form.js';
import { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, makeTextString } from './objects.js';
import type { PdfObject } from './objects.js';
import { PdfFile } from './pdf-file.js';
import { assertChangesAllowed, readSignatures } from './read-signatures.js';
import { needsAppearances, settleAppearances } from './settle-appearances.js';
import { helveticaResources } from './text-appearance.js';
import { formatNumber } from './serializer.js';
import {
  addFieldsToUpdate,
  addFormXObject,
  placeholderFrame,
  addPlaceholderAppearance,
  appendAnnotation,
  checkPlacement,
  openAcroForm,
  type SignatureFieldSpec,
} from './signature-fields.js';

export interface FormFieldSpec {
  name: string;
  type: 'text' | 'checkbox';
  /** 0-based page and [x, y, width, height] from the crop box's lower-left corner */
  placement: { page: number; rect: [number, number, number, number] };
  required: boolean;
  /** what the field asks for: its /TU, which assistive technology reads out */
  label?: string;
}

// Print (bit 3) only: unlike a signature widget, a form field must stay fillable (table 165).
const FORM_WIDGET_FLAGS = 4;
// Required (bit 2, table 221).
const FIELD_REQUIRED = 2;
/** The default appearance of text: Helvetica, auto size, black (12.7.3.3). */
const TEXT_DA = '/Helv 0 Tf 0 g';

/** The two states of a check box: a frame, and the frame with a tick drawn as lines (no font needed). */
function checkboxAppearances(update: IncrementalUpdate, width: number, height: number): PdfDict {
  const w = formatNumber;
  const frame = placeholderFrame(width, height);
  const tick =
    `0 G ${w(Math.max(1, Math.min(width, height) / 8))} w 1 J 1 j ` +
    `${w(width * 0.2)} ${w(height * 0.5)} m ${w(width * 0.42)} ${w(height * 0.25)} l ` +
    `${w(width * 0.8)} ${w(height * 0.78)} l S`;
  return new PdfDict({
    Yes: addFormXObject(update, width, height, `q ${frame} Q q ${tick} Q`),
    Off: addFormXObject(update, width, height, `q ${frame} Q`),
  });
}

/**
 * Adds the fields to `update`. Names must be new in the document: a form field named like one
 * the document already has would merge with it.
 */
export function addFormFieldsToUpdate(
  update: IncrementalUpdate,
  specs: readonly FormFieldSpec[],
  form: { acroForm: PdfDict; fields: PdfObject[] },
): void {
  if (specs.length === 0) return;
  const file = update.file;
  const taken = new Set(listFields(file).map((field) => field.name));
  const { acroForm, fields } = form;
  if (!acroForm.has('DR')) acroForm.set('DR', helveticaResources());
  if (!acroForm.has('DA')) acroForm.set('DA', makeTextString(TEXT_DA));
  for (const spec of specs) {
    if (!spec.name || spec.name.includes('.')) throw new RangeError(`bad form field name "${spec.name}"`);
    if (taken.has(spec.name))
      throw new PdfError('pdf.field_name_taken', `the document already has a field named "${spec.name}"`);
    taken.add(spec.name);
    const page = checkPlacement(file, spec as SignatureFieldSpec);
    const [x, y, width, height] = spec.placement.rect;
    const left = page.cropBox[0] + x;
    const bottom = page.cropBox[1] + y;
    const widget = new PdfDict({
      Type: new PdfName('Annot'),
      Subtype: new PdfName('Widget'),
      T: makeTextString(spec.name),
      F: FORM_WIDGET_FLAGS,
      Ff: spec.required ? FIELD_REQUIRED : 0,
      P: page.ref,
      Rect: [left, bottom, left + width, bottom + height],
    });
    if (spec.label) widget.set('TU', makeTextString(spec.label));
    if (spec.type === 'text') {
      widget.set('FT', new PdfName('Tx'));
      widget.set('DA', makeTextString(TEXT_DA));
      widget.set('AP', new PdfDict({ N: addPlaceholderAppearance(update, width, height) }));
    } else {
      widget.set('FT', new PdfName('Btn'));
      widget.set('V', new PdfName('Off'));
      widget.set('AS', new PdfName('Off'));
      // ZapfDingbats '4' is the tick viewers draw if they regenerate the appearance (12.5.6.19)
      widget.set('MK', new PdfDict({ CA: makeTextString('4') }));
      widget.set('AP', new PdfDict({ N: checkboxAppearances(update, width, height) }));
    }
    const ref = update.add(widget);
    fields.push(ref);
    appendAnnotation(update, page, ref);
  }
}

/**
 * The revision a request is sent with: every signer's signature field and every fillable field,
 * in one incremental update (bytes unchanged if there is nothing to add).
 */
export function addRequestFields(
  bytes: Uint8Array,
  signatureFields: readonly SignatureFieldSpec[],
  formFields: readonly FormFieldSpec[],
): Uint8Array {
  const file = PdfFile.open(bytes);
  assertChangesAllowed(file);
  const signed = readSignatures(bytes).length > 0;
  // New fillable fields after a signature are not form filling: validators call them a change
  // of the signed document. Signature fields may still be added.
  if (formFields.length > 0 && signed)
    throw new PdfError(
      'pdf.form_fields_after_signature',
      'the document is signed already: only signature fields can be added to it',
    );
  const update = new IncrementalUpdate(file);
  // a form that leaves its fields to the viewer gets them drawn while nothing is signed yet, so
  // that every viewer shows the signatures' appearances (settle-appearances.ts)
  const settle = !signed && (signatureFields.length > 0 || formFields.length > 0) && needsAppearances(file);
  // the AcroForm is opened once, for both kinds, and only if something changes in it: fields
  // that all exist already leave the document as it was
  const form = formFields.length > 0 || settle ? openAcroForm(update) : undefined;
  addFieldsToUpdate(update, [...signatureFields], form);
  if (form) addFormFieldsToUpdate(update, formFields, form);
  if (form && settle) settleAppearances(update, form.acroForm);
  return update.isEmpty ? bytes : update.write().bytes;
}
