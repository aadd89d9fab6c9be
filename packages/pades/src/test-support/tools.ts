// Runs the independent judges of our output (openssl, pdfsig, qpdf, certutil) from tests, in a
// scratch directory that the caller removes.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ToolResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function runTool(command: string, args: readonly string[], input?: Uint8Array): ToolResult {
  const result = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export interface ScratchDir {
  path: string;
  write(name: string, data: Uint8Array | string): string;
  remove(): void;
}

export function makeScratchDir(prefix = 'pades-test-'): ScratchDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    write(name, data) {
      const file = join(path, name);
      writeFileSync(file, data);
      return file;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** `openssl cms -verify` of a detached CMS over `content`, trusting `rootPem`. */
export function verifyWithOpenssl(
  scratch: ScratchDir,
  cms: Uint8Array,
  content: Uint8Array,
  rootPem: string,
): ToolResult {
  const cmsFile = scratch.write('sig.der', cms);
  const contentFile = scratch.write('content.bin', content);
  const rootFile = scratch.write('root.pem', rootPem);
  return runTool('openssl', [
    'cms',
    '-verify',
    '-inform',
    'DER',
    '-binary',
    '-in',
    cmsFile,
    '-content',
    contentFile,
    '-CAfile',
    rootFile,
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
}
