// A client generated from the OpenAPI document runs the whole journey against a served server on
// each database: openapi-typescript writes the types from /api/openapi.json, the journey
// (generated-client/journey.ts, written only against those types) must type-check with them, and
// then runs with openapi-fetch: register, confirm, log in, create, upload, send, sign (session and
// link), download.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPdf } from '../test-support/pdfs.js';
import { startServedServer, type ServedServer } from '../test-support/served-server.js';
import { createPostgresDatabase, testDatabases } from '../test-support/test-app.js';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../generated-client');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

interface Journey {
  runJourney(
    baseUrl: string,
    owner: string,
    guest: string,
    pdf: Uint8Array,
  ): Promise<{ requestStatus: string; signedPdf: Uint8Array; protocolSigners: string[] }>;
}

/** The client's types, as openapi-typescript writes them from the served document (files as Blob). */
async function generateTypes(baseUrl: string): Promise<void> {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenAPI3;
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  const ast = await openapiTS(document, {
    transform: (schema) => (schema.format === 'binary' ? blob : undefined),
  });
  fs.writeFileSync(path.join(clientDir, 'openapi.d.ts'), astToString(ast));
}

describe.each(testDatabases())('a client generated from the OpenAPI document, on %s', (kind) => {
  let server: ServedServer;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    dropDatabase = database?.drop;
    server = await startServedServer(database ? { DATABASE_URL: database.url } : {});
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
  });

  it('type-checks against the generated types and runs register to download', async () => {
    await generateTypes(server.baseUrl);
    // the journey compiles against the document's types: every call it makes is described
    execFileSync(process.execPath, [tsc, '-p', clientDir], { encoding: 'utf8' });
    const { runJourney } = (await import(path.join(clientDir, 'journey.ts'))) as Journey;
    const pdf = await generatedPdf(1, 'Generated client');
    const result = await runJourney(server.baseUrl, 'ada@example.org', 'guest@example.org', pdf);
    expect(result.requestStatus).toBe('completed');
    const signed = Buffer.from(result.signedPdf);
    expect(signed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(signed.length).toBeGreaterThan(pdf.length);
    // two signatures, each a /ByteRange over the file
    expect(signed.toString('latin1').match(/\/ByteRange\s*\[/g)?.length).toBeGreaterThanOrEqual(2);
    expect(result.protocolSigners).toEqual(['ada@example.org', 'guest@example.org']);
  }, 180_000);
});
