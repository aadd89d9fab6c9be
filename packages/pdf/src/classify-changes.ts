// Classifies what the revisions appended after a signed revision changed, the way validators
// judge modifications after signing (ISO 32000-1 12.8.2.2 DocMDP levels, ETSI EN 319 142-1):
// new or filled signature fields, DSS and document timestamps are `signature_fields`; annotation
// changes are `annotations`; a new value (and its appearance) of an existing text field or check
// box is `form_fields` (form filling, allowed by DocMDP 2 and 3 and approval signatures); anything
// else (page content, catalog, new or restructured form fields) is `other`.

import { PdfDict, PdfName, PdfRef, PdfStream, isName, isSameObject } from './objects.js';
import type { PdfObject } from './objects.js';
import { isPageOfTree } from './pages.js';
import type { PageNode } from './pages.js';
import type { PdfFile } from './pdf-file.js';
import { PdfRevisions } from './revisions.js';
import type { XrefEntry } from './xref.js';

export type ChangeKind = 'none' | 'signature_fields' | 'form_fields' | 'annotations' | 'other';

const SEVERITY: ChangeKind[] = ['none', 'signature_fields', 'form_fields', 'annotations', 'other'];
const CATALOG_SIGNATURE_KEYS = new Set(['AcroForm', 'DSS', 'Extensions']);
const ACROFORM_SIGNATURE_KEYS = new Set(['Fields', 'SigFlags', 'DR', 'DA']);
const FIELD_SIGNATURE_KEYS = new Set(['V', 'AP', 'Lock', 'SV']);
// what filling in a text field or check box changes: its value, appearance and appearance state
const FORM_FILL_KEYS = new Set(['V', 'AP', 'AS']);

function isSameEntry(a: XrefEntry | undefined, b: XrefEntry | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.type !== b.type || a.gen !== b.gen) return false;
  if (a.type === 1) return b.type === 1 && a.offset === b.offset;
  if (a.type === 2) return b.type === 2 && a.stream === b.stream && a.index === b.index;
  return true;
}

function changedKeys(before: PdfDict, after: PdfDict): string[] {
  const keys = new Set([...before.entries.keys(), ...after.entries.keys()]);
  return [...keys].filter((key) => !isSameObject(before.get(key), after.get(key)));
}

function refNum(value: PdfObject | undefined): number | undefined {
  return value instanceof PdfRef ? value.num : undefined;
}

class ChangeJudge {
  verdict: ChangeKind = 'none';
  /** the /Annots arrays of every page of the signed revision, when they had to be listed */
  private annotsArrays: Set<number> | undefined;
  private readonly dssObjects = new Set<number>();
  private readonly acroFormNum: number | undefined;
  private readonly fieldsNum: number | undefined;

  constructor(
    private readonly before: PdfFile,
    private readonly after: PdfFile,
    private readonly pagesBefore: () => PageNode[],
  ) {
    const catalog = before.catalog();
    this.acroFormNum = refNum(catalog.get('AcroForm'));
    this.fieldsNum = refNum(before.lookupDict(catalog, 'AcroForm')?.get('Fields'));
    const dss = catalog.get('DSS');
    const dssNum = refNum(dss);
    if (dssNum !== undefined) this.dssObjects.add(dssNum);
    const dssDict = before.resolve(dss);
    if (dssDict instanceof PdfDict) {
      for (const value of dssDict.entries.values()) {
        const num = refNum(value);
        if (num !== undefined) this.dssObjects.add(num);
      }
      const vri = before.resolve(dssDict.get('VRI'));
      if (vri instanceof PdfDict) for (const value of vri.entries.values()) this.addIfRef(value);
    }
  }

  private addIfRef(value: PdfObject | undefined): void {
    const num = refNum(value);
    if (num !== undefined) this.dssObjects.add(num);
  }

  /**
   * Whether array `num` is the /Annots of a page of the signed revision. An annotation added to
   * it names its page (/P); when that page lists `num` and hangs in the page tree, that settles
   * it without listing every page, which a document of many pages makes costly.
   */
  private isAnnotsArray(num: number, after: PdfObject): boolean {
    for (const item of Array.isArray(after) ? after : []) {
      const annotation = this.after.resolve(item);
      const page = annotation instanceof PdfDict ? annotation.get('P') : undefined;
      if (!(page instanceof PdfRef)) continue;
      const pageDict = this.before.resolve(page);
      const isItsAnnots = pageDict instanceof PdfDict && refNum(pageDict.get('Annots')) === num;
      if (isItsAnnots && isPageOfTree(this.before, page)) return true;
    }
    this.annotsArrays ??= new Set(
      this.pagesBefore()
        .map((page) => refNum(page.dict.get('Annots')))
        .filter((annots) => annots !== undefined),
    );
    return this.annotsArrays.has(num);
  }

  raise(kind: ChangeKind): void {
    if (SEVERITY.indexOf(kind) > SEVERITY.indexOf(this.verdict)) this.verdict = kind;
  }

  private isSignatureField(dict: PdfDict, file: PdfFile): boolean {
    if (isName(file.resolve(dict.get('FT')), 'Sig')) return true;
    const parent = file.resolve(dict.get('Parent'));
    return parent instanceof PdfDict && isName(file.resolve(parent.get('FT')), 'Sig');
  }

  /** A text field or check box (a button that is neither a push button nor a radio group). */
  private isFillableField(dict: PdfDict, file: PdfFile): boolean {
    const type = file.resolve(dict.get('FT'));
    if (isName(type, 'Tx')) return true;
    if (!isName(type, 'Btn')) return false;
    const flags = Number(file.resolve(dict.get('Ff')) ?? 0);
    // Pushbutton (bit 17) and Radio (bit 16), table 226
    return (flags & ((1 << 16) | (1 << 15))) === 0;
  }

  /** An annotation that appeared in an /Annots array. */
  private judgeAddedAnnotation(value: PdfObject): void {
    const annotation = this.after.resolve(value);
    if (!(annotation instanceof PdfDict)) return;
    if (!isName(this.after.resolve(annotation.get('Subtype')), 'Widget')) this.raise('annotations');
    else this.raise(this.isSignatureField(annotation, this.after) ? 'signature_fields' : 'other');
  }

  private judgeAnnots(before: PdfObject | undefined, after: PdfObject | undefined): void {
    const oldItems = Array.isArray(before) ? before : [];
    const newItems = Array.isArray(after) ? after : [];
    const isKept = oldItems.every((item) => newItems.some((other) => isSameObject(item, other)));
    if (!isKept) this.raise('annotations');
    for (const item of newItems) {
      if (!oldItems.some((other) => isSameObject(item, other))) this.judgeAddedAnnotation(item);
    }
  }

  judgeCatalog(): void {
    const before = this.before.catalog();
    const after = this.after.catalog();
    for (const key of changedKeys(before, after)) {
      this.raise(CATALOG_SIGNATURE_KEYS.has(key) ? 'signature_fields' : 'other');
    }
  }

  /** An object that existed in the signed revision and was written again with other content. */
  judgeModified(num: number, before: PdfObject, after: PdfObject): void {
    if (num === this.before.rootRef.num || this.dssObjects.has(num)) return;
    if (num === this.fieldsNum) {
      const isKept =
        Array.isArray(before) &&
        Array.isArray(after) &&
        before.every((item) => after.some((x) => isSameObject(item, x)));
      this.raise(isKept ? 'signature_fields' : 'other');
      return;
    }
    if (Array.isArray(before) && Array.isArray(after) && this.isAnnotsArray(num, after))
      return this.judgeAnnots(before, after);
    if (!(before instanceof PdfDict) || !(after instanceof PdfDict)) return this.raise('other');
    const keys = changedKeys(before, after);
    if (num === this.acroFormNum) {
      this.raise(keys.every((key) => ACROFORM_SIGNATURE_KEYS.has(key)) ? 'signature_fields' : 'other');
      return;
    }
    if (isName(before.get('Type'), 'Page')) {
      if (keys.some((key) => key !== 'Annots')) return this.raise('other');
      return this.judgeAnnots(
        this.before.resolve(before.get('Annots')),
        this.after.resolve(after.get('Annots')),
      );
    }
    if (this.isSignatureField(before, this.before)) {
      // Filling an empty field is allowed; replacing an existing signature value is not.
      const isFilling =
        keys.every((key) => FIELD_SIGNATURE_KEYS.has(key)) && !(keys.includes('V') && before.has('V'));
      this.raise(isFilling ? 'signature_fields' : 'other');
      return;
    }
    if (this.isFillableField(before, this.before)) {
      this.raise(keys.every((key) => FORM_FILL_KEYS.has(key)) ? 'form_fields' : 'other');
      return;
    }
    const subtype = before.get('Subtype');
    if (subtype instanceof PdfName && before.has('Rect') && subtype.name !== 'Widget')
      return this.raise('annotations');
    this.raise('other');
  }

  /** An object number that did not exist before: judged by what it is. */
  judgeAdded(value: PdfObject): void {
    if (value instanceof PdfStream || !(value instanceof PdfDict)) return;
    const type = value.get('Type');
    if (
      isName(type, 'Sig') ||
      isName(type, 'DocTimeStamp') ||
      (value.has('ByteRange') && value.has('Contents'))
    ) {
      this.raise('signature_fields');
    } else if (value.has('FT') || isName(value.get('Subtype'), 'Widget')) {
      this.raise(this.isSignatureField(value, this.after) ? 'signature_fields' : 'other');
    } else if (isName(type, 'Page') || isName(type, 'Pages')) {
      this.raise('other');
    }
  }
}

/** What the revisions after the one that ends at `revisionLength` changed. */
export function classifyChangesIn(revisions: PdfRevisions, revisionLength: number): ChangeKind {
  if (revisionLength >= revisions.bytes.length) return 'none';
  const before = revisions.revision(revisionLength);
  const after = revisions.latest;
  const judge = new ChangeJudge(before, after, () => revisions.pagesOf(before));
  judge.judgeCatalog();
  // only the objects the later xref sections list can differ; all of them when the chain is odd
  const candidates = revisions.changedBetween(before, after) ?? after.entries.keys();
  for (const num of candidates) {
    const entry = after.entries.get(num);
    const old = before.entries.get(num);
    if (!entry || isSameEntry(old, entry)) continue;
    const value = after.getObject(num);
    const isNew = !old || old.type === 0;
    if (isNew) judge.judgeAdded(value);
    else if (entry.type === 0) judge.raise('other');
    else {
      const previous = before.getObject(num);
      if (!isSameObject(previous, value)) judge.judgeModified(num, previous, value);
    }
  }
  return judge.verdict;
}

export function classifyChangesAfter(bytes: Uint8Array, revisionLength: number): ChangeKind {
  if (revisionLength >= bytes.length) return 'none';
  return classifyChangesIn(new PdfRevisions(bytes), revisionLength);
}
