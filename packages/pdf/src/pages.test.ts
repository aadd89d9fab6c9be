import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PdfDict, PdfRef } from './objects.js';
import { findPage, listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { IncrementalUpdate } from './incremental-writer.js';
import { readCorpus, realWorldPdfDir } from './test-helpers.js';

const readable = readdirSync(realWorldPdfDir()).filter(
  (name) =>
    name.endsWith('.pdf') && !['libreoffice-writer-password.pdf', 'unreadablemetadata.pdf'].includes(name),
);

describe('findPage', () => {
  it('finds every page of every corpus file as the whole walk lists it', () => {
    for (const name of readable) {
      const file = PdfFile.open(readCorpus(name));
      const pages = listPages(file);
      pages.forEach((page, index) => expect(findPage(file, index), `${name} page ${index}`).toEqual(page));
      expect(findPage(file, pages.length)).toBeUndefined();
      expect(findPage(file, -1)).toBeUndefined();
    }
  });

  it('reads only the nodes on the way down a large tree', () => {
    const file = PdfFile.open(readCorpus('GeoTopo-komprimiert.pdf'));
    const all = file.recordReads(() => listPages(file)).reads;
    const one = file.recordReads(() => findPage(file, 100)).reads;
    expect(all.size).toBeGreaterThan(117);
    expect(one.size).toBeLessThan(all.size / 3);
  });

  it('walks the whole tree when a /Count does not lead to the page', () => {
    const bytes = readCorpus('pdflatex-4-pages.pdf');
    const file = PdfFile.open(bytes);
    const rootRef = file.catalog().get('Pages') as PdfRef;
    const update = new IncrementalUpdate(file);
    update.edit(rootRef).set('Count', 1);
    const lying = PdfFile.open(update.write().bytes);
    const pages = listPages(lying);
    expect(pages).toHaveLength(4);
    expect(findPage(lying, 3)).toEqual(pages[3]);
    expect((lying.resolve(rootRef) as PdfDict).get('Count')).toBe(1);
  });
});
