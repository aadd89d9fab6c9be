// Walks the page tree (ISO 32000-1 section 7.7.3) to list the pages in order, with the
// inheritable attributes (MediaBox, CropBox, Rotate) resolved from their ancestors.

import { PdfError } from './errors.js';
import { pdfLimits } from './limits.js';
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

function pageTreeRoot(file: PdfFile): PdfRef {
  const root = file.catalog().get('Pages');
  if (!(root instanceof PdfRef)) throw new PdfError('pdf.corrupt', 'the catalog has no page tree');
  // A missing root means the file is damaged beyond what we should sign; PDFium refuses it too.
  if (!(file.resolve(root) instanceof PdfDict))
    throw new PdfError('pdf.corrupt', 'the page tree root is missing');
  return root;
}

function inherit(node: PdfDict, inherited: Inherited): Inherited {
  return {
    mediaBox: node.get('MediaBox') ?? inherited.mediaBox,
    cropBox: node.get('CropBox') ?? inherited.cropBox,
    rotate: node.get('Rotate') ?? inherited.rotate,
  };
}

/** An intermediate node (kids, no /Type /Page), as opposed to a page. */
function isTreeNode(file: PdfFile, node: PdfDict): boolean {
  return (
    isName(node.get('Type'), 'Pages') ||
    (Array.isArray(file.lookup(node, 'Kids')) && !isName(node.get('Type'), 'Page'))
  );
}

function makePage(file: PdfFile, ref: PdfRef, node: PdfDict, own: Inherited): PageNode {
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
  return {
    ref,
    dict: node,
    cropBox: isEmpty ? mediaBox : clipped,
    rotate: normaliseRotate(file.resolve(own.rotate)),
  };
}

export function listPages(file: PdfFile): PageNode[] {
  const pages: PageNode[] = [];
  const root = pageTreeRoot(file);
  const visited = new Set<number>();
  const { maxPages } = pdfLimits();
  const visit = (ref: PdfRef, inherited: Inherited, depth: number): void => {
    if (visited.has(ref.num) || depth > 64) return;
    visited.add(ref.num);
    const node = file.resolve(ref);
    if (!(node instanceof PdfDict)) return;
    const own = inherit(node, inherited);
    if (isTreeNode(file, node)) {
      const kids = file.lookup(node, 'Kids');
      for (const kid of Array.isArray(kids) ? kids : [])
        if (kid instanceof PdfRef) visit(kid, own, depth + 1);
      return;
    }
    if (pages.length >= maxPages)
      throw new PdfError('pdf.limit.page_count', `the document has more than ${maxPages} pages`);
    pages.push(makePage(file, ref, node, own));
  };
  visit(root, {}, 0);
  return pages;
}

/**
 * The page at `index` (from 0), found by going down the tree with each node's /Count (7.7.3.2):
 * only the nodes on the way are read, not the whole tree, which is what adding a field to one
 * page needs. Where the counts do not lead to a page, the tree is walked whole instead.
 */
export function findPage(file: PdfFile, index: number): PageNode | undefined {
  const walkWhole = (): PageNode | undefined => listPages(file)[index];
  if (!Number.isInteger(index) || index < 0) return undefined;
  let ref = pageTreeRoot(file);
  let inherited: Inherited = {};
  let remaining = index;
  const visited = new Set<number>();
  for (let depth = 0; depth <= 64; depth++) {
    visited.add(ref.num);
    const node = file.resolve(ref) as PdfDict;
    const own = inherit(node, inherited);
    const kids = file.lookup(node, 'Kids');
    let next: PdfRef | undefined;
    for (const kid of Array.isArray(kids) ? kids : []) {
      const kidNode = kid instanceof PdfRef && !visited.has(kid.num) ? file.resolve(kid) : undefined;
      if (!(kid instanceof PdfRef) || !(kidNode instanceof PdfDict)) return walkWhole();
      if (!isTreeNode(file, kidNode)) {
        if (remaining === 0) return makePage(file, kid, kidNode, inherit(kidNode, own));
        remaining--;
        continue;
      }
      const count = file.resolve(kidNode.get('Count'));
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return walkWhole();
      if (remaining < count) {
        next = kid;
        break;
      }
      remaining -= count;
    }
    if (!next) return walkWhole();
    ref = next;
    inherited = own;
  }
  return walkWhole();
}

/**
 * Whether `ref` is a page that the walk from the catalog's /Pages reaches: a /Type /Page whose
 * /Parent chain climbs through /Type /Pages nodes, each listing the one below among its /Kids,
 * to the root. Reads only that chain.
 */
export function isPageOfTree(file: PdfFile, ref: PdfRef): boolean {
  const root = file.catalog().get('Pages');
  const page = file.resolve(ref);
  if (!(root instanceof PdfRef) || !(page instanceof PdfDict) || !isName(page.get('Type'), 'Page'))
    return false;
  let child = ref;
  let node: PdfDict = page;
  for (let depth = 0; depth < 64; depth++) {
    const parentRef = node.get('Parent');
    const parent = parentRef instanceof PdfRef ? file.resolve(parentRef) : undefined;
    if (!(parent instanceof PdfDict) || !isName(parent.get('Type'), 'Pages')) return false;
    const kids = file.lookup(parent, 'Kids');
    if (!Array.isArray(kids) || !kids.some((kid) => kid instanceof PdfRef && kid.num === child.num))
      return false;
    if ((parentRef as PdfRef).num === root.num) return true;
    child = parentRef as PdfRef;
    node = parent;
  }
  return false;
}
