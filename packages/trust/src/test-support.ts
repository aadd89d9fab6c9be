// Helpers shared by this package's tests: a trust hierarchy in a temporary folder and a way
// to let openssl judge what we produce.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePem } from './certificate.js';
import { DirectoryTrustStore } from './store.js';
import type { CountersignTrustServices } from './trust-services.js';
import { openTrustServices } from './trust-services.js';

export const TEST_KEK = 'test key-encryption key';
export const TEST_BASE_URL = 'http://localhost:3000/trust';

export interface TempTrust {
  dir: string;
  store: DirectoryTrustStore;
  trust: CountersignTrustServices;
  /** writes a file into the temp folder and returns its path */
  write(name: string, data: Uint8Array | string): Promise<string>;
  writePem(name: string, der: Uint8Array): Promise<string>;
  dispose(): Promise<void>;
}

/** A hierarchy in a temp folder, published under TEST_BASE_URL unless `baseUrl` says otherwise. */
export async function openTempTrust(
  options: { clock?: () => Date; baseUrl?: string | undefined } = {},
): Promise<TempTrust> {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-trust-'));
  const store = new DirectoryTrustStore(join(dir, 'store'));
  const trust = await openTrustServices({
    store,
    keyEncryptionKey: TEST_KEK,
    baseUrl: 'baseUrl' in options ? options.baseUrl : TEST_BASE_URL,
    clock: options.clock,
  });
  const write = async (name: string, data: Uint8Array | string) => {
    const path = join(dir, name);
    await writeFile(path, data);
    return path;
  };
  return {
    dir,
    store,
    trust,
    write,
    writePem: (name, der) => write(name, encodePem(der)),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs openssl; resolves with the exit code and output instead of throwing, so tests can assert on failures. */
export function runOpenssl(args: string[], options: { cwd?: string } = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile('openssl', args, { cwd: options.cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
