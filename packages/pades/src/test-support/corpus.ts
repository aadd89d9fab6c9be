// Finds the shared corpus of real-world PDFs: `../shared/corpus` next to the repository, or
// CORPUS_DIR. Tests say plainly when it is absent instead of failing obscurely.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CorpusFile {
  name: string;
  path: string;
  isEncrypted: boolean;
}

export function findCorpusDir(): string {
  return process.env.CORPUS_DIR ?? resolve(REPOSITORY_ROOT, '../shared/corpus');
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
  const dir = findCorpusDir();
  if (!existsSync(dir)) return [];
  const files = listFiles(dir);
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
