// One file read once for everything that looks at several of its revisions, as the validator
// does: every signature's signed revision, the changes made after it, the DSS. Each revision is a
// view (PdfFile) of a prefix of the bytes; the views share the xref sections, objects and object
// streams they read (pdf-file.ts), and the page tree is walked once per revision that changes it.

import { isSameObject } from './objects.js';
import type { PdfObject } from './objects.js';
import { listPages } from './pages.js';
import type { PageNode } from './pages.js';
import { PdfFile, createSharedReads } from './pdf-file.js';

interface PageTree {
  file: PdfFile;
  /** the catalog's /Pages, which the walk starts from */
  root: PdfObject | undefined;
  /** every object the walk read, the catalog apart */
  reads: Set<number>;
  pages: PageNode[];
}

export class PdfRevisions {
  readonly latest: PdfFile;
  private readonly shared = createSharedReads();
  private readonly views = new Map<number, PdfFile>();
  private readonly pageTrees: PageTree[] = [];

  constructor(readonly bytes: Uint8Array) {
    this.latest = PdfFile.open(bytes, this.shared);
    this.views.set(bytes.length, this.latest);
  }

  /** The file as it was when it ended at `length` (where a signed revision ends). */
  revision(length: number): PdfFile {
    let view = this.views.get(length);
    if (!view) {
      view = PdfFile.open(this.bytes.subarray(0, length), this.shared);
      this.views.set(length, view);
    }
    return view;
  }

  /**
   * The numbers of the objects whose entries can differ between two revisions: those the xref
   * sections of one list and the other lacks, when the longer chain ends with the whole shorter
   * one, as incremental updates make it. Undefined otherwise (a damaged or rewritten file).
   */
  changedBetween(a: PdfFile, b: PdfFile): Set<number> | undefined {
    const [shorter, longer] = a.sections.length <= b.sections.length ? [a, b] : [b, a];
    if (shorter.isDamaged || longer.isDamaged) return undefined;
    const extra = longer.sections.length - shorter.sections.length;
    for (let i = 0; i < shorter.sections.length; i++)
      if (shorter.sections[i] !== longer.sections[extra + i]) return undefined;
    const changed = new Set<number>();
    for (const section of longer.sections.slice(0, extra))
      for (const num of section.entries.keys()) changed.add(num);
    return changed;
  }

  /**
   * The pages of a revision. A walk made on another revision stands when nothing it read differs
   * between the two: it would read the same objects again and find the same pages.
   */
  pagesOf(file: PdfFile): PageNode[] {
    const root = file.catalog().get('Pages');
    for (const tree of this.pageTrees) {
      if (tree.file === file) return tree.pages;
      if (!isSameObject(tree.root, root)) continue;
      const changed = this.changedBetween(tree.file, file);
      if (changed && ![...changed].some((num) => tree.reads.has(num))) return tree.pages;
    }
    const { result: pages, reads } = file.recordReads(() => listPages(file));
    // the catalog is read to find /Pages, compared above
    reads.delete(file.rootRef.num);
    this.pageTrees.push({ file, root, reads, pages });
    return pages;
  }
}
