// Adds empty signature fields in one incremental revision: the AcroForm (created or extended),
// /SigFlags 3, and per field a merged field/widget annotation on its page (ISO 32000-1 sections
// 12.7.2, 12.7.4.5 and 12.5.6.19). Later signatures then only set /V and /AP, which validators
// accept as allowed changes.

import { deflateSync } from 'node:zlib';
import { PdfError } from './errors.js';
import { listFields } from './form.js';
import { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfRef, PdfStream, makeTextString } from './objects.js';
import type { PdfObject } from './objects.js';
import { findPage, listPages } from './pages.js';
import type { PageNode } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { assertChangesAllowed } from './read-signatures.js';
import { formatNumber } from './serializer.js';

export interface SignatureFieldSpec {
  name: string;
  placement?: { page: number; rect: [number, number, number, number] };
}

// Print (bit 3) and Locked (bit 8), table 165: shown on paper, not movable in editors.
export const WIDGET_FLAGS = 132;

/** Makes the AcroForm editable in `update` and returns it with its /Fields array. */
export function openAcroForm(update: IncrementalUpdate): { acroForm: PdfDict; fields: PdfObject[] } {
  const file = update.file;
  const current = file.catalog().get('AcroForm');
  let acroForm: PdfDict;
  if (current instanceof PdfRef && file.resolve(current) instanceof PdfDict) {
    acroForm = update.edit(current);
  } else if (current instanceof PdfDict) {
    acroForm = update.edit(file.rootRef).get('AcroForm') as PdfDict;
  } else {
    acroForm = new PdfDict({ Fields: [] });
    update.edit(file.rootRef).set('AcroForm', update.add(acroForm));
  }
  const fieldsValue = acroForm.get('Fields');
  let fields: PdfObject[];
  if (fieldsValue instanceof PdfRef && Array.isArray(file.resolve(fieldsValue))) {
    fields = update.editArray(fieldsValue);
  } else if (Array.isArray(fieldsValue)) {
    fields = fieldsValue;
  } else {
    fields = [];
    acroForm.set('Fields', fields);
  }
  // SignaturesExist and AppendOnly (12.7.2, table 219).
  acroForm.set('SigFlags', 3);
  return { acroForm, fields };
}

export function appendAnnotation(update: IncrementalUpdate, page: PageNode, widget: PdfRef): void {
  const annots = page.dict.get('Annots');
  if (annots instanceof PdfRef && Array.isArray(update.file.resolve(annots))) {
    update.editArray(annots).push(widget);
    return;
  }
  const pageDict = update.edit(page.ref);
  const inline = pageDict.get('Annots');
  if (Array.isArray(inline)) inline.push(widget);
  else pageDict.set('Annots', [widget]);
}

/** A light frame so viewers show where the signature will go before anyone signs. */
export function addPlaceholderAppearance(update: IncrementalUpdate, width: number, height: number): PdfRef {
  return addFormXObject(update, width, height, `q ${placeholderFrame(width, height)} Q`);
}

/** The operators of that frame: grey, 0.75 pt, just inside the box. */
export function placeholderFrame(width: number, height: number): string {
  return `0.6 G 0.75 w 0.375 0.375 ${formatNumber(width - 0.75)} ${formatNumber(height - 0.75)} re S`;
}

/** A form XObject of the given size drawing `content` (no resources: lines only). */
export function addFormXObject(
  update: IncrementalUpdate,
  width: number,
  height: number,
  content: string,
): PdfRef {
  const dict = new PdfDict({
    Type: new PdfName('XObject'),
    Subtype: new PdfName('Form'),
    BBox: [0, 0, width, height],
    Resources: new PdfDict(),
    Filter: new PdfName('FlateDecode'),
  });
  return update.add(new PdfStream(dict, deflateSync(Buffer.from(content, 'latin1'))));
}

/** The page a field goes on, found without walking the whole page tree. */
export function checkPlacement(file: PdfFile, spec: SignatureFieldSpec): PageNode {
  const pageIndex = spec.placement?.page ?? 0;
  const page = Number.isInteger(pageIndex) ? findPage(file, pageIndex) : undefined;
  if (!page) {
    const count = listPages(file).length;
    throw new PdfError('pdf.page_out_of_range', `page ${pageIndex} does not exist (${count} pages)`);
  }
  return page;
}

/**
 * Adds the fields to `update` and returns the widget reference of each by name. Rectangles are
 * [x, y, width, height] from the crop box's lower-left corner, in unrotated page space.
 */
export function addFieldsToUpdate(
  update: IncrementalUpdate,
  specs: SignatureFieldSpec[],
  /** the AcroForm already opened in `update`, when other fields go into the same revision */
  form?: { acroForm: PdfDict; fields: PdfObject[] },
): Map<string, PdfRef> {
  const file = update.file;
  const existing = new Map(listFields(file).map((field) => [field.name, field]));
  const names = new Set<string>();
  const added = new Map<string, PdfRef>();
  const fresh = specs.filter((spec) => {
    if (!spec.name || spec.name.includes('.'))
      throw new RangeError(`bad signature field name "${spec.name}"`);
    if (names.has(spec.name)) throw new RangeError(`signature field "${spec.name}" is listed twice`);
    names.add(spec.name);
    checkPlacement(file, spec);
    const field = existing.get(spec.name);
    if (!field) return true;
    if (field.fieldType !== 'Sig') throw new RangeError(`a non-signature field is named "${spec.name}"`);
    if (field.value instanceof PdfDict) {
      throw new PdfError('pdf.field_already_signed', `field "${spec.name}" is already signed`);
    }
    // Asking twice for the same empty field is not an error: the field is already there.
    return false;
  });
  if (fresh.length === 0) return added;
  const { fields } = form ?? openAcroForm(update);
  for (const spec of fresh) {
    const page = checkPlacement(file, spec);
    const [x, y, width, height] = spec.placement?.rect ?? [0, 0, 0, 0];
    const isVisible = width > 0 && height > 0;
    const left = page.cropBox[0] + x;
    const bottom = page.cropBox[1] + y;
    const widget = new PdfDict({
      Type: new PdfName('Annot'),
      Subtype: new PdfName('Widget'),
      FT: new PdfName('Sig'),
      T: makeTextString(spec.name),
      F: WIDGET_FLAGS,
      P: page.ref,
      Rect: isVisible ? [left, bottom, left + width, bottom + height] : [0, 0, 0, 0],
    });
    if (isVisible) widget.set('AP', new PdfDict({ N: addPlaceholderAppearance(update, width, height) }));
    const ref = update.add(widget);
    fields.push(ref);
    appendAnnotation(update, page, ref);
    added.set(spec.name, ref);
  }
  return added;
}

export function addSignatureFields(bytes: Uint8Array, fields: SignatureFieldSpec[]): Uint8Array {
  const file = PdfFile.open(bytes);
  assertChangesAllowed(file);
  const update = new IncrementalUpdate(file);
  addFieldsToUpdate(update, fields);
  return update.isEmpty ? bytes : update.write().bytes;
}
