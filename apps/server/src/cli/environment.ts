// Where the CLI keeps its trust hierarchy and with which key it encrypts the private keys.
//
// --trust-dir defaults to $DATA_DIR/trust (DATA_DIR defaults to ./data, as for the server).
// The key-encryption key comes from TRUST_KEK. Without it the CLI falls back to
// DEVELOPMENT_TRUST_KEK and says so: fine for trying the tool on a laptop, never for a
// hierarchy whose signatures matter. The server has no such fallback in production.

import { join } from 'node:path';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';
import type { CountersignTrustServices } from '@countersign/trust';

export const DEVELOPMENT_TRUST_KEK = 'countersign-cli-development-kek-not-for-production';

export interface CliEnvironment {
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
}

export function resolveTrustDir(env: NodeJS.ProcessEnv, trustDir: string | undefined): string {
  return trustDir ?? join(env.DATA_DIR ?? './data', 'trust');
}

export async function openCliTrust(
  io: CliEnvironment,
  trustDir: string | undefined,
): Promise<CountersignTrustServices> {
  const keyEncryptionKey = io.env.TRUST_KEK ?? DEVELOPMENT_TRUST_KEK;
  if (!io.env.TRUST_KEK)
    io.stderr('warning: TRUST_KEK is not set; using the development key-encryption key\n');
  const publicUrl = (io.env.PUBLIC_URL ?? `http://localhost:${io.env.PORT ?? 3000}`).replace(/\/+$/, '');
  return openTrustServices({
    store: new DirectoryTrustStore(resolveTrustDir(io.env, trustDir)),
    keyEncryptionKey,
    baseUrl: `${publicUrl}/trust`,
  });
}
