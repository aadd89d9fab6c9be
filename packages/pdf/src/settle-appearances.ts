// Forms that ask viewers to draw their fields (/NeedAppearances true, as LibreOffice, pdflatex and
// ReportLab write them) are drawn differently by each viewer: poppler (hence Evince, Okular and
// pdftoppm) then draws none of the signature fields' appearances, MuPDF and ghostscript draw them.
// Before the first signature the document may still change freely, so the revision a request is
// sent with draws what the flag left to the viewer (each text field's value, in its widget) and
// clears the flag: every viewer then shows the same fields, the signatures' appearances included.
// After a signature this is no longer done: redrawing other fields' widgets would be a change
// validators report against it.
import { readSize, textAppearance } from './text-appearance.js';
import { listFields } from './form.js';
import type { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfRef, decodeTextString } from './objects.js';
import type { PdfFile } from './pdf-file.js';

/** Whether the document's form leaves drawing its fields to the viewer. */
export function needsAppearances(file: PdfFile): boolean {
  const acroForm = file.lookupDict(file.catalog(), 'AcroForm');
  return acroForm !== undefined && file.resolve(acroForm.get('NeedAppearances')) === true;
}

/** The widgets of a terminal field: the field itself when merged, else its kids without a name. */
function widgetsOf(file: PdfFile, field: { ref: PdfRef | undefined; dict: PdfDict }): PdfRef[] {
  const kids = file.lookupArray(field.dict, 'Kids');
  if (!kids) return field.ref && field.dict.has('Rect') ? [field.ref] : [];
  return kids.filter((kid): kid is PdfRef => {
    const dict = file.resolve(kid);
    return kid instanceof PdfRef && dict instanceof PdfDict && !dict.has('T') && dict.has('Rect');
  });
}

/**
 * Draws each valued text field's appearance into `update` and sets /NeedAppearances false on the
 * form opened in it. Fields without a value keep their appearance (an empty field draws nothing
 * either way); check boxes and radio buttons carry their states' appearances already.
 */
export function settleAppearances(update: IncrementalUpdate, acroForm: PdfDict): void {
  const file = update.file;
  for (const field of listFields(file)) {
    if (field.fieldType !== 'Tx') continue;
    const text = decodeTextString(field.value);
    if (!text) continue;
    for (const ref of widgetsOf(file, field)) {
      const widget = update.edit(ref);
      const [width, height] = readSize(update, widget);
      if (width > 0 && height > 0)
        widget.set('AP', new PdfDict({ N: textAppearance(update, text, width, height) }));
    }
  }
  acroForm.set('NeedAppearances', false);
}
