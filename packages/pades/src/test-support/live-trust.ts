// Our trust services behind a tiny HTTP responder, for tests judged by pdfsig: NSS fetches the
// OCSP status named in each certificate's AIA, and poppler 22.12 reports "Unknown issue with
// Certificate" whenever that fetch fails (it reads a stale NSS error code), even with -no-ocsp.

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';
import type { AuthorityId, CountersignTrustServices } from '@countersign/trust';

export const TEST_KEK = 'pades tests key-encryption key';

export interface LiveTrust {
  trust: CountersignTrustServices;
  baseUrl: string;
  rootDer: Uint8Array;
  rootPem: string;
  close(): Promise<void>;
}

interface Reply {
  type: string;
  body: Uint8Array;
}

async function answer(
  trust: CountersignTrustServices,
  method: string,
  path: string,
  body: Buffer,
): Promise<Reply | undefined> {
  // RFC 6960 appendix A.1: GET {url}/{url-encoding of base-64 encoding of the DER request}, or
  // POST. NSS ignores an answer without the application/ocsp-response media type.
  const ocsp = 'application/ocsp-response';
  if (path === '/trust/ocsp' && method === 'POST') return { type: ocsp, body: await trust.respondOcsp(body) };
  if (path.startsWith('/trust/ocsp/')) {
    const request = Buffer.from(decodeURIComponent(path.slice('/trust/ocsp/'.length)), 'base64');
    return { type: ocsp, body: await trust.respondOcsp(request) };
  }
  const crl = /^\/trust\/crl\/([a-z-]+)\.crl$/.exec(path)?.[1];
  if (crl) return { type: 'application/pkix-crl', body: await trust.crl(crl as AuthorityId) };
  return undefined;
}

export async function openLiveTrust(): Promise<LiveTrust> {
  // the server must listen before the trust services exist: their URLs carry its port
  const state: { trust?: CountersignTrustServices } = {};
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { trust } = state;
      const reply = trust
        ? answer(trust, request.method ?? 'GET', request.url ?? '/', Buffer.concat(chunks))
        : undefined;
      void Promise.resolve(reply)
        .then((found) => {
          response.statusCode = found ? 200 : 404;
          if (found) response.setHeader('content-type', found.type);
          response.end(found?.body);
        })
        .catch(() => {
          response.statusCode = 500;
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const dir = await mkdtemp(join(tmpdir(), 'pades-trust-'));
  const baseUrl = `http://127.0.0.1:${port}/trust`;
  const trust = await openTrustServices({
    store: new DirectoryTrustStore(dir),
    keyEncryptionKey: TEST_KEK,
    baseUrl,
  });
  state.trust = trust;
  return {
    trust,
    baseUrl,
    rootDer: trust.rootCertificate(),
    rootPem: trust.rootCertificatePem(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
