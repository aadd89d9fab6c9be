// Reads the interactive form (ISO 32000-1 section 12.7): every terminal field with its fully
// qualified name, inherited field type and value, which is how signature fields are found.

import { PdfDict, PdfName, PdfRef, decodeTextString } from './objects.js';
import type { PdfObject } from './objects.js';
import { PdfFile } from './pdf-file.js';

export interface FormField {
  ref: PdfRef | undefined;
  dict: PdfDict;
  name: string;
  fieldType: string | undefined;
  /** /V with references followed. */
  value: PdfObject | undefined;
  /** /V as written, so the caller can tell which object holds the signature dictionary. */
  valueRef: PdfObject | undefined;
}

export function listFields(file: PdfFile): FormField[] {
  const acroForm = file.lookupDict(file.catalog(), 'AcroForm');
  const roots = file.lookupArray(acroForm, 'Fields') ?? [];
  const fields: FormField[] = [];
  const visited = new Set<number>();
  const visit = (
    item: PdfObject,
    parentName: string,
    inheritedType: string | undefined,
    depth: number,
  ): void => {
    if (item instanceof PdfRef) {
      if (visited.has(item.num)) return;
      visited.add(item.num);
    }
    const dict = file.resolve(item);
    if (!(dict instanceof PdfDict) || depth > 32) return;
    const partial = decodeTextString(file.resolve(dict.get('T')));
    const name = partial === undefined ? parentName : parentName ? `${parentName}.${partial}` : partial;
    const ownType = file.resolve(dict.get('FT'));
    const fieldType = ownType instanceof PdfName ? ownType.name : inheritedType;
    const kids = file.lookupArray(dict, 'Kids') ?? [];
    const fieldKids = kids.filter((kid) => {
      const kidDict = file.resolve(kid);
      return kidDict instanceof PdfDict && kidDict.has('T');
    });
    if (fieldKids.length > 0) {
      for (const kid of fieldKids) visit(kid, name, fieldType, depth + 1);
      return;
    }
    fields.push({
      ref: item instanceof PdfRef ? item : undefined,
      dict,
      name,
      fieldType,
      value: file.resolve(dict.get('V')),
      valueRef: dict.get('V'),
    });
  };
  for (const root of roots) visit(root, '', undefined, 0);
  return fields;
}

export function listSignatureFields(file: PdfFile): FormField[] {
  return listFields(file).filter((field) => field.fieldType === 'Sig');
}

/** The names of the signature fields, signed or not, read from the form alone (no page tree). */
export function readSignatureFieldNames(bytes: Uint8Array): string[] {
  return listSignatureFields(PdfFile.open(bytes)).map((field) => field.name);
}
