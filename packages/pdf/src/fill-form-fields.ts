// Form filling in a signer's own revision (ISO 32000-1 12.7.4, 12.8.2.2): for each of their
// fields only the value (/V), the widget's normal appearance (/AP /N, drawn here with its own
// font resources) and, for a check box, its appearance state (/AS) change. Nothing else is
// written: no page content, no new annotation. Under DocMDP 2 and 3 and after approval
// signatures this is permitted, so every earlier signature stays valid.

import { PdfError } from './errors.js';
import { readSize, textAppearance } from './text-appearance.js';
import { listFields } from './form.js';
import type { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, makeTextString } from './objects.js';

export interface FormFieldValue {
  /** the field's fully qualified name */
  name: string;
  /** text for a text field; true or false for a check box */
  value: string | boolean;
}

/**
 * Writes the values into `update`. Each name must be an existing, unsigned text field or check
 * box of the document with its widget merged into the field (as addFormFieldsToUpdate makes them).
 */
export function fillFormFields(update: IncrementalUpdate, values: readonly FormFieldValue[]): void {
  if (values.length === 0) return;
  const byName = new Map(listFields(update.file).map((field) => [field.name, field]));
  for (const { name, value } of values) {
    const field = byName.get(name);
    if (!field?.ref || (field.fieldType !== 'Tx' && field.fieldType !== 'Btn'))
      throw new PdfError('pdf.field_not_found', `the document has no fillable field named "${name}"`);
    const dict = update.edit(field.ref);
    if (field.fieldType === 'Btn') {
      if (typeof value !== 'boolean') throw new RangeError(`check box "${name}" takes true or false`);
      const state = new PdfName(value ? 'Yes' : 'Off');
      dict.set('V', state);
      dict.set('AS', state);
      continue;
    }
    if (typeof value !== 'string') throw new RangeError(`text field "${name}" takes text`);
    dict.set('V', makeTextString(value));
    const [width, height] = readSize(update, dict);
    if (width > 0 && height > 0)
      dict.set('AP', new PdfDict({ N: textAppearance(update, value, width, height) }));
  }
}
