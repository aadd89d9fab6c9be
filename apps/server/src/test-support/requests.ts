// Test helpers for a request's life over HTTP (sent with one PDF, signed by account holders) and
// for looking at what the blob store keeps of it on disk.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDirectoryBlobStore } from '../storage/blob-store.js';
import { authorizationOf, createRequestWithFiles, type Credentials } from './accounts.js';
import { CONSENT } from './consent.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates a request with one PDF and the given signers and sends it; its id and document's. */
export async function sendRequest(
  app: FastifyInstance,
  ownerToken: Credentials,
  pdf: Buffer,
  signers: string[],
  title = 'Revisions',
): Promise<{ id: string; documentId: string }> {
  const created = await createRequestWithFiles(
    app,
    ownerToken,
    { title, signatures: signers.map((email) => ({ email })) },
    [{ name: 'revisions.pdf', bytes: pdf }],
  );
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const id = created.json().id as string;
  const sent = await app.inject({
    method: 'POST',
    url: `/v3/signature-requests/${id}/initiate`,
    headers: authorizationOf(ownerToken),
  });
  if (sent.statusCode !== 200) throw new Error(`initiate: ${sent.body}`);
  return { id, documentId: created.json().documents[0].id as string };
}

/** Signs the request as the account holder whose session this is, filling in the fields given. */
export async function signAs(
  app: FastifyInstance,
  token: string,
  id: string,
  fieldValues: Record<string, string | boolean> = {},
): Promise<void> {
  const field_values = Object.entries(fieldValues).map(([field_id, value]) => ({ field_id, value }));
  const item = { signature_request_id: id, ...(field_values.length > 0 && { field_values }) };
  const res = await app.inject({
    method: 'POST',
    url: '/v3/sign',
    payload: { consent: CONSENT, signature_requests: [item] },
    headers: bearer(token),
  });
  if (res.statusCode !== 200 || !res.json().results[0].ok) throw new Error(`sign: ${res.body}`);
}

/** The request's signature protocol as JSON, as the given session asks for it. */
export function protocolJson(app: FastifyInstance, token: string, id: string) {
  return app.inject({
    method: 'GET',
    url: `/v3/signature-requests/${id}/report?type=json`,
    headers: bearer(token),
  });
}

/** The name of the document's current revision (its original before the request was sent). */
export async function currentRevision(app: FastifyInstance, ownerToken: string, id: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/v3/signature-requests/${id}`,
    headers: bearer(ownerToken),
  });
  const doc = res.json().documents[0];
  return (doc.signed_sha256 ?? doc.sha256) as string;
}

/** The blobs folder as files: name (with `.tail` for a tail) and size. */
export function blobFiles(dataDir: string): { name: string; size: number }[] {
  const root = path.join(dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return (
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      // blob files only, not the write journals (ADR 046)
      .filter((entry) => entry.isFile() && path.basename(entry.parentPath) !== '.writes')
      .map((entry) => ({ name: entry.name, size: fs.statSync(path.join(entry.parentPath, entry.name)).size }))
  );
}

/** Sets the time a blob was written (whichever forms it is stored in) `ms` into the past. */
export function ageBlob(dataDir: string, sha: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  const file = path.join(dataDir, 'blobs', sha.slice(0, 2), sha);
  for (const form of [file, `${file}.tail`]) if (fs.existsSync(form)) fs.utimesSync(form, when, when);
}

/**
 * A revision and the ones it extends as the blob store keeps them (ADR 032): their names, newest
 * first, which of them are tails, and the bytes their files take on disk.
 */
export async function storedChain(
  dataDir: string,
  sha: string,
): Promise<{ names: string[]; tails: number; storedBytes: number }> {
  const blobs = createDirectoryBlobStore(path.join(dataDir, 'blobs'));
  const names = [sha];
  for (let base = await blobs.baseOf(sha); base; base = await blobs.baseOf(base)) names.push(base);
  const files = blobFiles(dataDir).filter((f) => names.some((n) => f.name === n || f.name === `${n}.tail`));
  return {
    names,
    tails: files.filter((f) => f.name.endsWith('.tail')).length,
    storedBytes: files.reduce((sum, f) => sum + f.size, 0),
  };
}
