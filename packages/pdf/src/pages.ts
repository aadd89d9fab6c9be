// Walks the page tree (ISO 32000-1 section 7.7.3) to list the pages in order, with the
// inheritable attributes (MediaBox, CropBox, Rotate) resolved from their ancestors.

import { PdfError } from './errors.js';
import { PdfDict, PdfRef, isName } from './objects.js';
import type { PdfObject } from './objects.js';
import type { PdfFile } from './pdf-file.js';

export interface PageNode {
  ref: PdfRef;
  dict: PdfDict;
  /** The crop box in default user space, normalised to [x1, y1, x2, y2] with x1 < x2, y1 < y2. */
  cropBox: [number, number, number, number];
  rotate: 0 | 90 | 180 | 270;
}

interface Inherited {
  mediaBox?: PdfObject;
  cropBox?: PdfObject;
  rotate?: PdfObject;
}

// US Letter is the customary default when a broken file has no MediaBox at all.
const LETTER: [number, number, number, number] = [0, 0, 612, 792];

function readBox(file: PdfFile, value: PdfObject | undefined): [number, number, number, number] | undefined {
  const array = file.resolve(value);
  if (!Array.isArray(array) || array.length < 4) return undefined;
  const numbers = array.slice(0, 4).map((item) => file.resolve(item));
  if (!numbers.every((item): item is number => typeof item === 'number')) return undefined;
  const [a, b, c, d] = numbers as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

function normaliseRotate(value: PdfObject | undefined): 0 | 90 | 180 | 270 {
  const degrees = typeof value === 'number' ? Math.round(value / 90) * 90 : 0;
  return (((degrees % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

export function listPages(file: PdfFile): PageNode[] {
  const pages: PageNode[] = [];
  const root = file.catalog().get('Pages');
  if (!(root instanceof PdfRef)) throw new PdfError('pdf.corrupt', 'the catalog has no page tree');
  // A missing root means the file is damaged beyond what we should sign; PDFium refuses it too.
  if (!(file.resolve(root) instanceof PdfDict))
    throw new PdfError('pdf.corrupt', 'the page tree root is missing');
  const visited = new Set<number>();
  const visit = (ref: PdfRef, inherited: Inherited, depth: number): void => {
    if (visited.has(ref.num) || depth > 64) return;
    visited.add(ref.num);
    const node = file.resolve(ref);
    if (!(node instanceof PdfDict)) return;
    const own: Inherited = {
      mediaBox: node.get('MediaBox') ?? inherited.mediaBox,
      cropBox: node.get('CropBox') ?? inherited.cropBox,
      rotate: node.get('Rotate') ?? inherited.rotate,
    };
    const kids = file.lookup(node, 'Kids');
    if (isName(node.get('Type'), 'Pages') || (Array.isArray(kids) && !isName(node.get('Type'), 'Page'))) {
      for (const kid of Array.isArray(kids) ? kids : [])
        if (kid instanceof PdfRef) visit(kid, own, depth + 1);
      return;
    }
    const mediaBox = readBox(file, own.mediaBox) ?? LETTER;
    const cropBox = readBox(file, own.cropBox) ?? mediaBox;
    // The crop box is clipped to the media box (14.11.2).
    const clipped: [number, number, number, number] = [
      Math.max(cropBox[0], mediaBox[0]),
      Math.max(cropBox[1], mediaBox[1]),
      Math.min(cropBox[2], mediaBox[2]),
      Math.min(cropBox[3], mediaBox[3]),
    ];
    const isEmpty = clipped[2] <= clipped[0] || clipped[3] <= clipped[1];
    pages.push({
      ref,
      dict: node,
      cropBox: isEmpty ? mediaBox : clipped,
      rotate: normaliseRotate(file.resolve(own.rotate)),
    });
  };
  visit(root, {}, 0);
  return pages;
}
