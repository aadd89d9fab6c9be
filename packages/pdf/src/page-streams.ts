// Before a page is handed to the renderer: every stream the page can make it inflate (contents,
// form XObjects, images, fonts, patterns, annotation appearances) is inflated here first, within
// the document's budget (limits.ts), and dropped. PDFium inflates without a limit inside its WASM
// heap, where a bomb aborts the engine; this way a bomb is refused with its limit's code before the
// renderer ever sees it, at the cost of inflating the page's streams twice.
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString } from './objects.js';
import type { PdfObject } from './objects.js';
import type { PdfFile } from './pdf-file.js';

/** Filters decodeStream undoes; a stream with any other (DCT, JPX, ...) is left to the renderer. */
const DECODABLE = new Set(['FlateDecode', 'Fl', 'ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85']);

/** Links that lead back up or sideways (the page tree, other pages), not into what the page draws. */
const NOT_DRAWN = new Set(['Parent', 'P', 'Dest', 'A', 'PA', 'Next', 'Prev', 'First', 'Last', 'B']);

function isDecodable(file: PdfFile, stream: PdfStream): boolean {
  const filter = file.resolve(stream.dict.get('Filter'));
  const names = Array.isArray(filter) ? filter.map((f) => file.resolve(f)) : [filter];
  return names.every(
    (name) => name === undefined || name === null || (name instanceof PdfName && DECODABLE.has(name.name)),
  );
}

/** Whether a value can lead to a stream: numbers, names and strings cannot. */
function leadsOn(value: PdfObject): boolean {
  return (
    typeof value === 'object' && value !== null && !(value instanceof PdfName || value instanceof PdfString)
  );
}

/** Inflates, within the document's budget, every stream reachable from the page `page` draws. */
export function checkPageStreams(file: PdfFile, page: PdfDict): void {
  const seen = new Set<number>();
  const pending: PdfObject[] = [page];
  // resources are inherited from the page tree when the page has none of its own (7.7.3.4)
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && !node.has('Resources') && depth < 64; depth++) {
    node = file.lookupDict(node, 'Parent');
    const inherited = node?.get('Resources');
    if (inherited !== undefined) pending.push(inherited);
  }
  while (pending.length > 0) {
    let value = pending.pop();
    if (value instanceof PdfRef) {
      if (seen.has(value.num)) continue;
      seen.add(value.num);
      value = file.getObject(value.num);
    }
    // an array's items one at a time: spread into push(), a million of them overflow the stack
    if (Array.isArray(value)) {
      for (const item of value) if (leadsOn(item)) pending.push(item);
    } else if (value instanceof PdfStream) {
      if (isDecodable(file, value)) file.decode(value);
      pending.push(value.dict);
    } else if (value instanceof PdfDict) {
      for (const [key, item] of value.entries) if (!NOT_DRAWN.has(key) && leadsOn(item)) pending.push(item);
    }
  }
}
