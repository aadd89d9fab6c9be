// Where the CLI keeps its trust hierarchy and with which key it encrypts the private keys.
//
// --trust-dir defaults to $DATA_DIR/trust (DATA_DIR defaults to ./data, as for the server).
// The key-encryption key comes from TRUST_KEK. Without it the CLI falls back to
// DEVELOPMENT_TRUST_KEK and says so: fine for trying the tool on a laptop, never for a
// hierarchy whose signatures matter. The server has no such fallback in production.
// The trust services are imported only by the commands that open them (they bring the
// certificate libraries); a verification reads the stored root certificate alone.
// Nothing publishes this hierarchy (the server publishes its own, kept in its database), so its
// certificates name no OCSP, CRL or CA address: a validator checks them against the root and
// the validation data embedded at B-LT and above (ADR 037).

import { join } from 'node:path';
import type { CountersignTrustServices } from '@countersign/trust';
import { DirectoryTrustStore } from '@countersign/trust/store';
import { readStoredRootCertificate } from '@countersign/trust/stored-hierarchy';

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
  const { openTrustServices } = await import('@countersign/trust');
  return openTrustServices({
    store: new DirectoryTrustStore(resolveTrustDir(io.env, trustDir)),
    keyEncryptionKey,
  });
}

/** The local root certificate (DER); a hierarchy is generated first when there is none yet. */
export async function readCliTrustRoot(
  io: CliEnvironment,
  trustDir: string | undefined,
): Promise<Uint8Array> {
  const stored = await readStoredRootCertificate(new DirectoryTrustStore(resolveTrustDir(io.env, trustDir)));
  return stored ?? (await openCliTrust(io, trustDir)).rootCertificate();
}
