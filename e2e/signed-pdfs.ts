// Judges a signed PDF downloaded by a journey with tools that are not ours: poppler's pdfsig for
// each signer's CMS signature (against our root in a throw-away NSS database), and `openssl ts
// -verify` for the closing document time-stamp of B-LTA, which pdfsig lists but cannot check.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { readSignatures } from '@countersign/pdf';
import { createNssDb, runPdfsig } from '../apps/server/src/test-support/pdfsig.js';
import type { PdfsigSignature } from '../apps/server/src/test-support/pdfsig.js';
import type { Account } from './support.js';

export interface SignedPdfVerdict {
  /** pdfsig's verdict on each CMS signature, in file order (document time-stamps left out) */
  signatures: PdfsigSignature[];
  /** openssl's verdict on each document time-stamp, in file order */
  timestamps: { ok: boolean; output: string }[];
  output: string;
}

function toPem(der: Uint8Array): string {
  const body = Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

function verifyTimestamp(dir: string, rootPem: string, token: Uint8Array, content: Uint8Array) {
  const files = { data: 'ts-data.bin', token: 'ts-token.der', ca: 'ca.pem' };
  writeFileSync(path.join(dir, files.data), content);
  writeFileSync(path.join(dir, files.token), token);
  writeFileSync(path.join(dir, files.ca), rootPem);
  try {
    const output = execFileSync(
      'openssl',
      ['ts', '-verify', '-data', files.data, '-in', files.token, '-token_in', '-CAfile', files.ca],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { ok: output.includes('Verification: OK'), output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

export async function judgeSignedPdf(bytes: Uint8Array, rootDer: Uint8Array): Promise<SignedPdfVerdict> {
  const nss = createNssDb(rootDer);
  const scratch = mkdtempSync(path.join(tmpdir(), 'cs-ts-'));
  try {
    const pdfsig = await runPdfsig(nss.dir, bytes);
    const embedded = readSignatures(bytes);
    const timestamps = embedded
      .filter((signature) => signature.kind === 'document-timestamp')
      .map((signature) => {
        const [, firstLength, secondStart, secondLength] = signature.byteRange;
        const content = Buffer.concat([
          bytes.subarray(0, firstLength),
          bytes.subarray(secondStart, secondStart + secondLength),
        ]);
        return verifyTimestamp(scratch, toPem(rootDer), signature.contents, content);
      });
    const timestampFields = new Set(
      embedded.filter((signature) => signature.kind === 'document-timestamp').map((s) => s.fieldName),
    );
    return {
      signatures: pdfsig.signatures.filter((verdict) => !timestampFields.has(verdict.fieldName)),
      timestamps,
      output: [pdfsig.output, ...timestamps.map((t) => t.output)].join('\n'),
    };
  } finally {
    nss.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The owner downloads the completed request's signed document; pdfsig finds its one qualified
 * signature valid, trusted and naming `signerName`, and openssl verifies every document time-stamp.
 */
export async function expectQualifiedSignedBy(
  request: APIRequestContext,
  owner: Account,
  requestId: string,
  signerName: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const requestBody = (await (
    await request.get(`/v3/signature-requests/${requestId}`, { headers })
  ).json()) as {
    status: string;
    documents: { id: string }[];
  };
  expect(requestBody.status).toBe('completed');
  const signed = await request.get(`/v3/documents/${requestBody.documents[0]!.id}/download?signed=true`, {
    headers,
  });
  expect(signed.ok()).toBe(true);
  const rootDer = await (await request.get('/trust/ca/root.cer')).body();
  const verdict = await judgeSignedPdf(await signed.body(), rootDer);
  expect(verdict.signatures, verdict.output).toHaveLength(1);
  expect(verdict.signatures[0], verdict.output).toMatchObject({ valid: true, trusted: true });
  expect(verdict.output).toContain(`Signer Certificate Common Name: ${signerName}`);
  expect(verdict.timestamps.length, verdict.output).toBeGreaterThanOrEqual(1);
  expect(
    verdict.timestamps.every((t) => t.ok),
    verdict.output,
  ).toBe(true);
}
