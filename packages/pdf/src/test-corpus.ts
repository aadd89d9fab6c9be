// Where the corpus of real-world PDFs lives, for the tests and benchmarks of every package: in the
// repository at `test-fixtures/corpus`, so a fresh clone has it. CORPUS_DIR names another corpus
// folder (the one holding `real-world-pdfs/` and its `files.json`). A missing corpus is an error,
// never an empty list: a proof over no files would pass without proving anything.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class CorpusMissingError extends Error {
  override readonly name = 'CorpusMissingError';
}

/** The corpus folder: CORPUS_DIR, or `test-fixtures/corpus` in the repository. */
export function corpusRoot(): string {
  const configured = process.env['CORPUS_DIR'];
  return configured ? resolve(configured) : resolve(REPOSITORY_ROOT, 'test-fixtures/corpus');
}

/** The folder of real-world PDFs inside the corpus; throws when it is not there. */
export function realWorldPdfDir(): string {
  const root = corpusRoot();
  const dir = join(root, 'real-world-pdfs');
  if (!existsSync(join(dir, 'files.json'))) {
    const hint = existsSync(join(root, 'files.json'))
      ? ` ${root} looks like the real-world-pdfs folder itself: CORPUS_DIR names its parent, the corpus folder.`
      : '';
    throw new CorpusMissingError(
      `The real-world PDF corpus is missing: expected ${dir}/files.json. The repository keeps it at test-fixtures/corpus; restore that folder, or set CORPUS_DIR to the corpus folder (the one holding real-world-pdfs/).${hint}`,
    );
  }
  return dir;
}

/** One PDF of the real-world corpus by file name; throws when the corpus or the file is missing. */
export function readCorpusPdf(name: string): Buffer {
  const file = join(realWorldPdfDir(), name);
  if (!existsSync(file)) throw new CorpusMissingError(`The corpus has no file ${file}`);
  return readFileSync(file);
}
