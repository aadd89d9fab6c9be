// Lists the corpus of real-world PDFs (located by @countersign/pdf/test-corpus: CORPUS_DIR or
// `test-fixtures/corpus`). A missing corpus throws, so the corpus-wide proof cannot pass on no files.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { realWorldPdfDir } from '@countersign/pdf/test-corpus';

export interface CorpusFile {
  name: string;
  path: string;
  isEncrypted: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** files.json of the corpus says which files are encrypted; without it, the trailer does. */
function readEncryptedNames(files: readonly string[]): Set<string> | undefined {
  const index = files.find((file) => basename(file) === 'files.json');
  if (!index) return undefined;
  const parsed = JSON.parse(readFileSync(index, 'utf8')) as {
    data?: { path: string; encrypted?: boolean }[];
  };
  return new Set((parsed.data ?? []).filter((entry) => entry.encrypted).map((entry) => basename(entry.path)));
}

export function listCorpus(): CorpusFile[] {
  const files = listFiles(realWorldPdfDir());
  const encrypted = readEncryptedNames(files);
  return files
    .filter((file) => file.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((path) => ({
      name: basename(path),
      path,
      isEncrypted: encrypted?.has(basename(path)) ?? readFileSync(path).includes('/Encrypt'),
    }));
}
