// Our trust services over a temporary folder, for the tests judged by pdfsig and openssl. The
// certificates name a responder and CRLs at an address where nothing answers: pdfsig runs with
// -no-ocsp (pdfsig.ts) and fetches no CRL, so the verdicts rest on the root we trust and what the
// signatures carry, never on a service being reachable.
//
// Why certificates still name these addresses: NSS, when poppler 22.12 asks it to check a signer
// certificate, looks for the extended key usage (as for an e-mail signer) and the CRL
// distribution point; a certificate without one of them leaves a "no such extension" error
// behind, which poppler reads as "Unknown issue with Certificate or corrupted data" even when the
// chain is fine (ADR 037). The profile we test is the one the server issues.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';
import type { CountersignTrustServices } from '@countersign/trust';

export const TEST_KEK = 'pades tests key-encryption key';
/** port 9 (discard) on the loopback: connections are refused at once */
export const UNREACHABLE_BASE_URL = 'http://127.0.0.1:9/trust';

export interface TestTrust {
  trust: CountersignTrustServices;
  rootDer: Uint8Array;
  rootPem: string;
  close(): Promise<void>;
}

/** `clock`: the trust services' time (certificates, time-stamps, OCSP), for tests that move it years ahead. */
export async function openTestTrust(clock?: () => Date): Promise<TestTrust> {
  const dir = await mkdtemp(join(tmpdir(), 'pades-trust-'));
  const trust = await openTrustServices({
    store: new DirectoryTrustStore(dir),
    keyEncryptionKey: TEST_KEK,
    baseUrl: UNREACHABLE_BASE_URL,
    ...(clock ? { clock } : {}),
  });
  return {
    trust,
    rootDer: trust.rootCertificate(),
    rootPem: trust.rootCertificatePem(),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
